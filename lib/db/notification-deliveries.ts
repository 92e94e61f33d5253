import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { prisma } from "./client";

// The outgoing queue. A due message is claimed by pushing its next attempt a lease ahead in one
// statement (SKIP LOCKED), so several instances ticking at once never send it twice.

export type ClaimedDelivery = {
  id: string;
  channel: string;
  dedupeKey: string;
  payload: Prisma.JsonValue;
  attempts: number;
};

export function claimDueDeliveries(now: Date, until: Date, limit: number) {
  return prisma().$queryRaw<ClaimedDelivery[]>`
    UPDATE "NotificationDelivery" d SET "nextAttemptAt" = ${until}
    WHERE d."id" IN (
      SELECT "id" FROM "NotificationDelivery"
      WHERE "status" = 'pending' AND "nextAttemptAt" <= ${now}
      ORDER BY "nextAttemptAt" LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING d."id", d."channel", d."dedupeKey", d."payload", d."attempts"`;
}

/** Only while the claim is still this caller's (`claimedUntil`): a lapsed claim is another's now. */
export function markDelivered(id: string, claimedUntil: Date, attempts: number, at: Date) {
  return prisma().notificationDelivery.updateMany({
    where: { id, nextAttemptAt: claimedUntil },
    data: { status: "sent", attempts, sentAt: at, lastError: null },
  });
}

/** A failed attempt: retried at `retryAt`, or given up (null). */
export function markAttemptFailed(
  id: string,
  claimedUntil: Date,
  attempts: number,
  error: string,
  retryAt: Date | null,
) {
  return prisma().notificationDelivery.updateMany({
    where: { id, nextAttemptAt: claimedUntil },
    data: {
      attempts,
      lastError: error.slice(0, 500),
      ...(retryAt ? { nextAttemptAt: retryAt } : { status: "failed" }),
    },
  });
}

export function findDelivery(dedupeKey: string) {
  return prisma().notificationDelivery.findUnique({ where: { dedupeKey } });
}

/** Counts by status, for the admin page. */
export async function deliveryCounts(): Promise<Record<string, number>> {
  const rows = await prisma().notificationDelivery.groupBy({ by: ["status"], _count: { _all: true } });
  return Object.fromEntries(rows.map((r) => [r.status, r._count._all]));
}

export function recentDeliveries(limit: number) {
  return prisma().notificationDelivery.findMany({
    orderBy: { createdAt: "desc" },
    take: limit,
    select: {
      id: true,
      channel: true,
      status: true,
      attempts: true,
      lastError: true,
      createdAt: true,
      sentAt: true,
      nextAttemptAt: true,
    },
  });
}
