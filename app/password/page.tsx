import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PasswordForm } from "@/components/account/password-form";
import { currentUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Choose a password" };
export const dynamic = "force-dynamic";

/** Where a user signed in with a generated one-time password must choose their own first. */
export default async function PasswordPage() {
  const user = await currentUser();
  if (!user) redirect("/login");
  return (
    <main className="login-wrap">
      <div className="card login-card stack">
        <h1>Choose your password</h1>
        <p className="muted small" style={{ margin: 0 }}>
          {user.mustChangePassword
            ? `${user.email} was given a one-time password. Choose your own to continue; you then sign in again.`
            : "Choose a new password; you then sign in again."}
        </p>
        <PasswordForm />
      </div>
    </main>
  );
}
