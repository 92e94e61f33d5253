import "server-only";
import { clearLoginThrottle, findThrottles, recordLoginFailure } from "@/lib/db/login-throttle";

// Failed logins are throttled per account and per client address: 5 failures on an account, or
// 20 from one address, within 15 minutes lock further attempts for 15 minutes.
export const THROTTLE = {
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  accountThreshold: 5,
  addressThreshold: 20,
};

const accountKey = (email: string) => `acct:${email.toLowerCase()}`;
const addressKey = (ip: string) => `ip:${ip}`;

/** Seconds until another attempt is allowed, or 0. */
export async function loginLockedFor(email: string, ip: string | null, now: Date): Promise<number> {
  const keys = [accountKey(email), ...(ip ? [addressKey(ip)] : [])];
  const rows = await findThrottles(keys);
  const until = Math.max(0, ...rows.map((r) => r.lockedUntil?.getTime() ?? 0));
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0;
}

export async function noteLoginFailure(email: string, ip: string | null, now: Date): Promise<void> {
  await recordLoginFailure(
    accountKey(email),
    now,
    THROTTLE.windowMs,
    THROTTLE.accountThreshold,
    THROTTLE.lockMs,
  );
  if (ip)
    await recordLoginFailure(
      addressKey(ip),
      now,
      THROTTLE.windowMs,
      THROTTLE.addressThreshold,
      THROTTLE.lockMs,
    );
}

export async function noteLoginSuccess(email: string): Promise<void> {
  await clearLoginThrottle(accountKey(email));
}
