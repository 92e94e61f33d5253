import "server-only";
import { prisma } from "./client";

export function findThrottles(keys: string[]) {
  return prisma().loginThrottle.findMany({ where: { key: { in: keys } } });
}

/**
 * Counts one failure inside a sliding window in one statement (safe across instances) and locks
 * the key when the count reaches `threshold`.
 */
export async function recordLoginFailure(
  key: string,
  now: Date,
  windowMs: number,
  threshold: number,
  lockMs: number,
) {
  const windowStart = new Date(now.getTime() - windowMs);
  const lockedUntil = new Date(now.getTime() + lockMs);
  const rows = await prisma().$queryRaw<{ failures: number; lockedUntil: Date | null }[]>`
    INSERT INTO "LoginThrottle" ("key", "failures", "windowStart", "lockedUntil")
    VALUES (${key}, 1, ${now}, ${threshold <= 1 ? lockedUntil : null})
    ON CONFLICT ("key") DO UPDATE SET
      "failures" = CASE WHEN "LoginThrottle"."windowStart" < ${windowStart} THEN 1 ELSE "LoginThrottle"."failures" + 1 END,
      "windowStart" = CASE WHEN "LoginThrottle"."windowStart" < ${windowStart} THEN ${now} ELSE "LoginThrottle"."windowStart" END,
      "lockedUntil" = CASE
        WHEN (CASE WHEN "LoginThrottle"."windowStart" < ${windowStart} THEN 1 ELSE "LoginThrottle"."failures" + 1 END) >= ${threshold}
        THEN ${lockedUntil} ELSE "LoginThrottle"."lockedUntil" END
    RETURNING "failures", "lockedUntil"`;
  return rows[0];
}

export function clearLoginThrottle(key: string) {
  return prisma().loginThrottle.deleteMany({ where: { key } });
}
