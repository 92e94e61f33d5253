import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/auth/login-form";
import { safeCallbackPath } from "@/lib/auth/callback-url";
import { currentUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  // Only paths on this site: a login never bounces anyone to another origin.
  const callbackUrl = safeCallbackPath(params.callbackUrl);
  if (await currentUser()) redirect(callbackUrl);
  return (
    <main className="login-wrap">
      <div className="card login-card stack">
        <div>
          <h1>Price Atlas</h1>
          <p className="muted small" style={{ margin: 0 }}>
            Utility, energy and plant-cost prices for everyone in the company.
          </p>
        </div>
        <LoginForm callbackUrl={callbackUrl} />
      </div>
    </main>
  );
}
