import "server-only";
import { LRUCache } from "lru-cache";
import { cookies } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { findUserById } from "@/lib/db/users";
import type { SessionUser } from "@/lib/domain/roles";
import { authOptions } from "./options";

// Every page and API request asks who is calling. Decrypting the session cookie and reading the
// account each time cost more than serving a cached series, so both answers are kept briefly:
// a decoded cookie for a minute (it is immutable until it expires), the account for a few
// seconds (changes made here apply at once via forgetSessionUser; other instances within USER_TTL_MS).
// Kept on globalThis: route handlers and pages are separate bundles with their own module copies.
const USER_TTL_MS = 5_000;
const holder = globalThis as unknown as {
  __priceAtlasSessions?: LRUCache<string, { id: string }>;
  __priceAtlasAccounts?: LRUCache<string, SessionUser | { none: true }>;
};
holder.__priceAtlasSessions ??= new LRUCache({ max: 10_000, ttl: 60_000 });
holder.__priceAtlasAccounts ??= new LRUCache({ max: 10_000, ttl: USER_TTL_MS });
const sessions = holder.__priceAtlasSessions;
const accounts = holder.__priceAtlasAccounts;

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
  sessions.set(key, { id });
  return id;
}

async function activeAccount(id: string): Promise<SessionUser | null> {
  let account = accounts.get(id);
  if (!account) {
    const user = await findUserById(id);
    account =
      user && !user.disabled
        ? { id: user.id, email: user.email, name: user.name, role: user.role }
        : { none: true };
    accounts.set(id, account);
  }
  return "none" in account ? null : account;
}

/** Drops what is remembered of an account, after its role, status or password changed. */
export function forgetSessionUser(id: string): void {
  accounts.delete(id);
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
