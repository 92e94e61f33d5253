import "server-only";
import { LRUCache } from "lru-cache";
import { cookies } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import type { SessionUser } from "@/lib/domain/roles";
import { processSingleton } from "@/lib/process-singleton";
import { activeAccount } from "./account-cache";
import { authOptions } from "./options";

// Decrypting the session cookie on every request costs more than serving a cached series; a
// decoded cookie is immutable until it expires, so it is kept for a minute (the account behind it
// is checked on every request, see account-cache.ts). On globalThis: route handlers and pages are
// separate bundles with their own module copies.
const sessions = processSingleton(
  "sessions",
  () => new LRUCache<string, { id: string }>({ max: 10_000, ttl: 60_000 }),
);

/** next-auth's session cookie (possibly chunked), as one cache key; null when absent. */
async function sessionCookie(): Promise<string | null> {
  const parts = (await cookies())
    .getAll()
    .filter((c) => c.name.includes("next-auth.session-token"))
    .map((c) => `${c.name}=${c.value}`);
  return parts.length ? parts.sort().join(";") : null;
}

async function sessionUserId(): Promise<string | null> {
  const key = await sessionCookie();
  if (!key) return null;
  const known = sessions.get(key);
  if (known) return known.id;
  const session = await getServerSession(authOptions());
  const id = (session?.user as { id?: string } | undefined)?.id;
  if (!id) return null;
  // Never past the session's own expiry, when next-auth reports it (getServerSession often does not;
  // the browser drops the cookie at that expiry anyway).
  const left = session?.expires ? Date.parse(session.expires) - Date.now() : 60_000;
  if (left > 0) sessions.set(key, { id }, { ttl: Math.min(60_000, left) });
  return id;
}

/**
 * The signed-in user. A disabled account or a changed role takes effect at once on this instance
 * and within seconds on the others, not when the session cookie expires.
 */
export async function currentUser(): Promise<SessionUser | null> {
  const id = await sessionUserId();
  return id ? activeAccount(id) : null;
}

/** For pages and layouts: the user, or a redirect to the login page. */
export async function requireUser(): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) redirect("/login");
  return user;
}

/** For admin pages and layouts: the admin, a redirect to login, or a 403 page. */
export async function requireAdmin(): Promise<SessionUser> {
  const user = await requireUser();
  if (user.role !== "admin") forbidden();
  return user;
}
