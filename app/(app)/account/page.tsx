import Link from "next/link";
import { ApiTokens } from "@/components/account/api-tokens";
import { PasswordForm, SignOutEverywhere } from "@/components/account/password-form";
import { requireUser } from "@/lib/auth/session";
import { myApiTokens } from "@/lib/services/api-tokens";

export const dynamic = "force-dynamic";

export default async function AccountPage() {
  const user = await requireUser();
  const tokens = user.id === "cli" ? [] : await myApiTokens(user);
  return (
    <div className="stack">
      <div className="page-head">
        <h1>Your account</h1>
        <p className="muted">
          Signed in as {user.email} ({user.role}).
        </p>
      </div>
      <section className="stack" aria-labelledby="password-heading">
        <h2 id="password-heading">Password and sessions</h2>
        <p className="muted small">
          A new password, or signing out everywhere, ends every session of yours (this one too).
        </p>
        <PasswordForm />
        <SignOutEverywhere />
      </section>
      <section className="stack" aria-labelledby="tokens-heading">
        <h2 id="tokens-heading">API tokens</h2>
        <p className="muted small">
          A personal token lets a script read the catalogue and series as you. Revoking it stops it at once.
          What the API offers: <Link href="/reference">API reference</Link>.
        </p>
        <ApiTokens tokens={tokens} admin={user.role === "admin"} />
      </section>
    </div>
  );
}
