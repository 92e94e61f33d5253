import "server-only";
import { LRUCache } from "lru-cache";
import { cookies } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import type { SessionUser } from "@/lib/domain/roles";
import { processSingleton } from "@/lib/process-singleton";
import { sessionAccount } from "./account-cache";
import { authOptions } from "./options";
import { isAdmin } from "./permissions";

// Decrypting the session cookie on every request costs more than serving a cached series; a
// decoded cookie is immutable until it expires, so it is kept for a minute (the account behind it
// is checked on every request, see account-cache.ts). On globalThis: route handlers and pages are
// separate bundles with their own module copies.
const sessions = processSingleton(
  "sessions",
  () => new LRUCache<string, { id: string; sv: number }>({ max: 10_000, ttl: 60_000 }),
);

/** next-auth's session cookie (possibly chunked), as one cache key; null when absent. */
async function sessionCookie(): Promise<string | null> {
  const parts = (await cookies())
    .getAll()
    .filter((c) => c.name.includes("next-auth.session-token"))
    .map((c) => `${c.name}=${c.value}`);
  return parts.length ? parts.sort().join(";") : null;
}

async function sessionUserId(): Promise<{ id: string; sv: number } | null> {
  const key = await sessionCookie();
  if (!key) return null;
  const known = sessions.get(key);
  if (known) return known;
  const session = await getServerSession(authOptions());
  const { id, sv } = (session?.user as { id?: string; sv?: number } | undefined) ?? {};
  if (!id) return null;
  // Never past the session's own expiry, when next-auth reports it (getServerSession often does not;
  // the browser drops the cookie at that expiry anyway).
  const left = session?.expires ? Date.parse(session.expires) - Date.now() : 60_000;
  if (left > 0) sessions.set(key, { id, sv: sv ?? 0 }, { ttl: Math.min(60_000, left) });
  return { id, sv: sv ?? 0 };
}

/**
 * The signed-in user. A disabled account, a changed role, a new password or "sign out everywhere"
 * takes effect at once on this instance and within seconds on the others, not when the session
 * cookie expires.
 */
export async function currentUser(): Promise<SessionUser | null> {
  const session = await sessionUserId();
  return session ? sessionAccount(session.id, session.sv) : null;
}

/**
 * For pages and layouts: the user, or a redirect to the login page (or, while a generated first
 * password is still in use, to the page that replaces it).
 */
export async function requireUser(): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) redirect("/login");
  if (user.mustChangePassword) redirect("/password");
  return user;
}

/** For admin pages and layouts: the admin, a redirect to login, or a 403 page. */
export async function requireAdmin(): Promise<SessionUser> {
  const user = await requireUser();
  if (!isAdmin(user)) forbidden();
  return user;
}
