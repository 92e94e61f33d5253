import "server-only";
import {
  clearLoginThrottle,
  findThrottles,
  pruneLoginRecords,
  recordLoginFailure,
} from "@/lib/db/login-throttle";

// Failed logins are throttled per account *and* client address: 5 failures of one account from one
// address lock that pair for a minute, and each further failure doubles the lock (up to an hour).
// Nobody elsewhere is locked out of their own account by someone guessing at it — admins included,
// so an attacker can never lock out every admin. 20 failures from one address, whatever the
// accounts, lock that address for 15 minutes. Counts start over after an hour without failures.
export const THROTTLE = {
  windowMs: 60 * 60_000,
  pairThreshold: 5,
  pairBaseLockMs: 60_000,
  pairMaxLockMs: 60 * 60_000,
  addressThreshold: 20,
  addressLockMs: 15 * 60_000,
  /** failed-login audit rows of unknown accounts are kept this long */
  unknownAuditMs: 7 * 86_400_000,
  pruneEveryMs: 10 * 60_000,
};

const pairKey = (email: string, ip: string | null) => `acct:${email.toLowerCase()}|ip:${ip ?? "unknown"}`;
const addressKey = (ip: string) => `ip:${ip}`;

/** Seconds until another attempt is allowed, or 0. */
export async function loginLockedFor(email: string, ip: string | null, now: Date): Promise<number> {
  const keys = [pairKey(email, ip), ...(ip ? [addressKey(ip)] : [])];
  const rows = await findThrottles(keys);
  const until = Math.max(0, ...rows.map((r) => r.lockedUntil?.getTime() ?? 0));
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0;
}

let lastPrune = 0;

export async function noteLoginFailure(email: string, ip: string | null, now: Date): Promise<void> {
  await recordLoginFailure(pairKey(email, ip), now, THROTTLE.windowMs, THROTTLE.pairThreshold, {
    baseMs: THROTTLE.pairBaseLockMs,
    maxMs: THROTTLE.pairMaxLockMs,
  });
  if (ip)
    await recordLoginFailure(addressKey(ip), now, THROTTLE.windowMs, THROTTLE.addressThreshold, {
      baseMs: THROTTLE.addressLockMs,
      maxMs: THROTTLE.addressLockMs,
    });
  if (now.getTime() - lastPrune > THROTTLE.pruneEveryMs) {
    lastPrune = now.getTime();
    await pruneLoginRecords(now, THROTTLE.windowMs, THROTTLE.unknownAuditMs);
  }
}

export async function noteLoginSuccess(email: string, ip: string | null): Promise<void> {
  await clearLoginThrottle(pairKey(email, ip));
}
