import "server-only";
import type { AuditAction } from "@/lib/domain/audit";
import { prisma } from "./client";

const SIGN_IN_FAILED: AuditAction = "auth.sign_in_failed";

export function findThrottles(keys: string[]) {
  return prisma().loginThrottle.findMany({ where: { key: { in: keys } } });
}

/**
 * Counts one failure inside a window in one statement (safe across instances). From `threshold`
 * failures on, the key is locked for `baseMs`, doubled for each further failure, at most `maxMs`.
 * A count starts over once its window has passed and no lock is running.
 */
export async function recordLoginFailure(
  key: string,
  now: Date,
  windowMs: number,
  threshold: number,
  lock: { baseMs: number; maxMs: number },
) {
  const windowStart = new Date(now.getTime() - windowMs);
  const rows = await prisma().$queryRaw<{ failures: number; lockedUntil: Date | null }[]>`
    WITH next AS (
      SELECT CASE
        WHEN t."windowStart" < ${windowStart} AND (t."lockedUntil" IS NULL OR t."lockedUntil" < ${now}) THEN 1
        ELSE t."failures" + 1 END AS failures,
        CASE
        WHEN t."windowStart" < ${windowStart} AND (t."lockedUntil" IS NULL OR t."lockedUntil" < ${now}) THEN ${now}
        ELSE t."windowStart" END AS "windowStart"
      FROM "LoginThrottle" t WHERE t."key" = ${key}
      UNION ALL SELECT 1, ${now} WHERE NOT EXISTS (SELECT 1 FROM "LoginThrottle" WHERE "key" = ${key})
    )
    INSERT INTO "LoginThrottle" ("key", "failures", "windowStart", "lockedUntil")
    SELECT ${key}, n.failures, n."windowStart",
      CASE WHEN n.failures >= ${threshold}
        THEN ${now}::timestamp + make_interval(secs => LEAST(${lock.maxMs}::float8,
          ${lock.baseMs}::float8 * power(2, LEAST(n.failures - ${threshold}, 30))) / 1000)
        ELSE NULL END
    FROM next n
    ON CONFLICT ("key") DO UPDATE SET
      "failures" = EXCLUDED."failures",
      "windowStart" = EXCLUDED."windowStart",
      "lockedUntil" = COALESCE(EXCLUDED."lockedUntil", "LoginThrottle"."lockedUntil")
    RETURNING "failures", "lockedUntil"`;
  return rows[0];
}

export function clearLoginThrottle(key: string) {
  return prisma().loginThrottle.deleteMany({ where: { key } });
}

/**
 * Forgets what no longer matters: counters whose window passed with no lock running, and
 * failed-login audit rows for emails that are no account, after `unknownAuditMs`.
 */
export async function pruneLoginRecords(now: Date, windowMs: number, unknownAuditMs: number) {
  const windowStart = new Date(now.getTime() - windowMs);
  const throttles = await prisma().loginThrottle.deleteMany({
    where: {
      windowStart: { lt: windowStart },
      OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }],
    },
  });
  const cutoff = new Date(now.getTime() - unknownAuditMs);
  const audit = await prisma().$executeRaw`
    DELETE FROM "AuditLog" a
    WHERE a."action" = ${SIGN_IN_FAILED} AND a."at" < ${cutoff}
      AND NOT EXISTS (SELECT 1 FROM "User" u WHERE u."email" = a."target")`;
  return { throttles: throttles.count, audit };
}
