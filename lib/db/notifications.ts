import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { prisma } from "./client";

// The in-app feed and what feeds it. A (user, dedupeKey) pair is one entry: a release digest found
// again by a later run of the same release is merged into it, an alert raised twice stays one.

const CURSOR_KEY = "notifications.cursor";

export type NotificationRow = {
  userId: string;
  kind: string;
  dedupeKey: string;
  subject: string;
  summary: string;
  items?: Prisma.InputJsonValue;
  releasePeriod?: string | null;
  runId?: string | null;
};

export type DeliveryRow = { channel: string; dedupeKey: string; payload: Prisma.InputJsonValue };

/** The instant up to which series changes were turned into notifications (null: never). */
export async function notificationCursor(): Promise<Date | null> {
  const row = await prisma().setting.findUnique({ where: { key: CURSOR_KEY } });
  const at = typeof row?.value === "string" ? new Date(row.value) : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
}

export function existingNotifications(dedupeKey: string, userIds: string[]) {
  return prisma().notification.findMany({
    where: { dedupeKey, userId: { in: userIds } },
    select: { userId: true, items: true },
  });
}

/**
 * Writes digests (new ones created, found ones replaced by their merged version and unread again),
 * queues their outgoing messages (a message already queued for the key is never queued twice) and
 * moves the cursor, in one transaction: a crash leaves either all of it or none.
 */
export async function storeDigests(rows: NotificationRow[], deliveries: DeliveryRow[], cursor: Date) {
  await prisma().$transaction(async (tx) => {
    for (const row of rows) {
      await tx.notification.upsert({
        where: { userId_dedupeKey: { userId: row.userId, dedupeKey: row.dedupeKey } },
        create: row,
        update: { subject: row.subject, summary: row.summary, items: row.items, readAt: null },
      });
    }
    if (deliveries.length)
      await tx.notificationDelivery.createMany({ data: deliveries, skipDuplicates: true });
    const value = cursor.toISOString();
    await tx.setting.upsert({
      where: { key: CURSOR_KEY },
      create: { key: CURSOR_KEY, value },
      update: { value },
    });
  });
}

/** Stores an alert once per user and key; returns how many users got it for the first time. */
export async function storeAlert(rows: NotificationRow[], deliveries: DeliveryRow[]): Promise<number> {
  return prisma().$transaction(async (tx) => {
    const created = await tx.notification.createMany({ data: rows, skipDuplicates: true });
    if (created.count && deliveries.length)
      await tx.notificationDelivery.createMany({ data: deliveries, skipDuplicates: true });
    return created.count;
  });
}

export function activeAdmins() {
  return prisma().user.findMany({
    where: { role: "admin", disabled: false },
    select: { id: true, email: true },
  });
}

export async function notificationsOf(
  userId: string,
  opts: { unread: boolean; page: number; pageSize: number },
) {
  const where = { userId, ...(opts.unread ? { readAt: null } : {}) };
  const [items, total, unread] = await Promise.all([
    prisma().notification.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (opts.page - 1) * opts.pageSize,
      take: opts.pageSize,
    }),
    prisma().notification.count({ where }),
    prisma().notification.count({ where: { userId, readAt: null } }),
  ]);
  return { items, total, unread };
}

export function unreadCount(userId: string) {
  return prisma().notification.count({ where: { userId, readAt: null } });
}

/** Marks the user's own notifications read (ids of others' are ignored); returns how many changed. */
export async function markNotificationsRead(userId: string, ids: string[] | "all", at: Date) {
  const result = await prisma().notification.updateMany({
    where: { userId, readAt: null, ...(ids === "all" ? {} : { id: { in: ids } }) },
    data: { readAt: at },
  });
  return result.count;
}

export function listPreferences(userId: string) {
  return prisma().notificationPreference.findMany({ where: { userId } });
}

export function savePreference(
  userId: string,
  listId: string,
  channels: { email: boolean; webhook: boolean },
) {
  return prisma().notificationPreference.upsert({
    where: { userId_listId: { userId, listId } },
    create: { userId, listId, ...channels },
    update: channels,
  });
}
