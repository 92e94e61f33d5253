import "server-only";
import { LRUCache } from "lru-cache";
import { findUserById } from "@/lib/db/users";
import type { SessionUser } from "@/lib/domain/roles";
import { processSingleton } from "@/lib/process-singleton";

// Every page and API request asks who is calling; reading the account each time cost more than
// serving a cached series. Accounts are kept for a few seconds: changes made on this instance
// apply at once (forgetAccount), changes on other instances within ACCOUNT_TTL_MS.
const ACCOUNT_TTL_MS = 5_000;
const accounts = processSingleton(
  "accounts",
  () => new LRUCache<string, SessionUser | { none: true }>({ max: 10_000, ttl: ACCOUNT_TTL_MS }),
);

/** The account as a session user, or null when it is unknown or disabled. */
export async function activeAccount(id: string): Promise<SessionUser | null> {
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
export function forgetAccount(id: string): void {
  accounts.delete(id);
}
