import "server-only";
import { LRUCache } from "lru-cache";
import { findUserById } from "@/lib/db/users";
import type { SessionUser } from "@/lib/domain/roles";
import { processSingleton } from "@/lib/process-singleton";

// Every page and API request asks who is calling; reading the account each time cost more than
// serving a cached series. Accounts are kept for a few seconds: changes made on this instance
// apply at once (forgetAccount), changes on other instances within ACCOUNT_TTL_MS.
const ACCOUNT_TTL_MS = 5_000;
type Known = { user: SessionUser; sessionVersion: number };
const accounts = processSingleton(
  "accounts",
  () => new LRUCache<string, Known | { none: true }>({ max: 10_000, ttl: ACCOUNT_TTL_MS }),
);

async function account(id: string): Promise<Known | null> {
  let entry = accounts.get(id);
  if (!entry) {
    const user = await findUserById(id);
    entry =
      user && !user.disabled
        ? {
            user: {
              id: user.id,
              email: user.email,
              name: user.name,
              role: user.role,
              ...(user.mustChangePassword ? { mustChangePassword: true } : {}),
            },
            sessionVersion: user.sessionVersion,
          }
        : { none: true };
    accounts.set(id, entry);
  }
  return "none" in entry ? null : entry;
}

/** The account as a session user, or null when it is unknown or disabled. */
export async function activeAccount(id: string): Promise<SessionUser | null> {
  return (await account(id))?.user ?? null;
}

/**
 * The user of a session issued at `sessionVersion`, or null when the account is gone or disabled,
 * or its sessions were ended since (password change, "sign out everywhere").
 */
export async function sessionAccount(id: string, sessionVersion: number): Promise<SessionUser | null> {
  const known = await account(id);
  return known && known.sessionVersion === sessionVersion ? known.user : null;
}

/** Drops what is remembered of an account, after its role, status or password changed. */
export function forgetAccount(id: string): void {
  accounts.delete(id);
}
