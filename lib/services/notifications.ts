import "server-only";
import { z } from "zod";
import { canSeeList } from "@/lib/auth/permissions";
import { findList } from "@/lib/db/bookmarks";
import {
  activeAdmins,
  type DeliveryRow,
  listPreferences,
  markNotificationsRead,
  notificationsOf,
  savePreference,
  storeAlert,
  unreadCount,
} from "@/lib/db/notifications";
import { digestItemsSchema, seriesPath, type WebhookBody } from "@/lib/domain/notifications";
import type { SessionUser } from "@/lib/domain/roles";
import { notFound } from "@/lib/http/errors";
import { channelSettingsView } from "@/lib/notify/channel-settings";

// The in-app feed (release digests and admin alerts), marking read, the channels a user wants per
// list, and the one entry point other parts call to alert admins.

export const feedQuerySchema = z.object({
  unread: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((v) => v === "true" || v === "1"),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const markReadSchema = z
  .object({
    ids: z.array(z.string().min(1).max(40)).min(1).max(500).optional(),
    all: z.literal(true).optional(),
  })
  .strict()
  .refine((v) => Boolean(v.ids) !== Boolean(v.all), {
    message: "give either ids or all: true",
    path: ["ids"],
  });

export const listChannelsSchema = z.object({ email: z.boolean(), webhook: z.boolean() }).strict();

export async function notificationFeed(user: SessionUser, query: z.output<typeof feedQuerySchema>) {
  const { items, total, unread } = await notificationsOf(user.id, query);
  return {
    items: items.map((n) => {
      const series = n.kind === "release_digest" ? (digestItemsSchema.safeParse(n.items).data ?? []) : [];
      return {
        id: n.id,
        kind: n.kind,
        subject: n.subject,
        summary: n.summary,
        releasePeriod: n.releasePeriod,
        createdAt: n.createdAt.toISOString(),
        readAt: n.readAt?.toISOString() ?? null,
        series: series.map((s) => ({
          ...s,
          href: seriesPath(s),
          replacement: s.replacement ? { ...s.replacement, href: seriesPath(s.replacement) } : null,
        })),
      };
    }),
    total,
    unread,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export type NotificationFeed = Awaited<ReturnType<typeof notificationFeed>>;

export async function markRead(user: SessionUser, body: z.output<typeof markReadSchema>) {
  const updated = await markNotificationsRead(user.id, body.all ? "all" : (body.ids ?? []), new Date());
  return { updated, unread: await unreadCount(user.id) };
}

export const unreadNotifications = (user: SessionUser) => unreadCount(user.id);

/** The channels the user chose per list (lists without a row: in-app only). */
export async function listChannelChoices(user: SessionUser) {
  const [prefs, channels] = await Promise.all([listPreferences(user.id), channelSettingsView()]);
  return {
    available: { email: channels.email.enabled, webhook: channels.webhook.enabled },
    lists: Object.fromEntries(prefs.map((p) => [p.listId, { email: p.email, webhook: p.webhook }])),
  };
}

export async function chooseListChannels(
  user: SessionUser,
  listId: string,
  body: z.output<typeof listChannelsSchema>,
) {
  const list = await findList(listId);
  if (!list || !canSeeList(user, list)) throw notFound("No such list.");
  const saved = await savePreference(user.id, listId, body);
  return { listId, email: saved.email, webhook: saved.webhook };
}

export type AdminAlert = {
  /** what raised it, e.g. "quota_threshold" */
  kind: string;
  subject: string;
  text: string;
  /** one alert per key, however often it is raised (e.g. "quota:energy_price:US:95:2026-05") */
  dedupeKey: string;
};

/**
 * Alerts every admin: in-app, by email (when the channel is on) and once on the company webhook.
 * Raising the same key again does nothing. Returns how many admins got it now.
 */
export async function notifyAdmins(alert: AdminAlert): Promise<{ notified: number }> {
  const [admins, channels] = await Promise.all([activeAdmins(), channelSettingsView()]);
  const key = `alert:${alert.dedupeKey}`;
  const rows = admins.map((a) => ({
    userId: a.id,
    kind: "admin_alert",
    dedupeKey: key,
    subject: alert.subject,
    summary: alert.text,
  }));
  const deliveries: DeliveryRow[] = [];
  if (channels.email.enabled)
    for (const a of admins)
      deliveries.push({
        channel: "email",
        dedupeKey: `email:${key}:${a.id}`,
        payload: { to: a.email, subject: `Price Atlas: ${alert.subject}`, text: `${alert.text}\n` },
      });
  if (channels.webhook.enabled) {
    const body: WebhookBody = {
      type: "admin_alert",
      id: key,
      alert: alert.kind,
      subject: alert.subject,
      text: alert.text,
    };
    deliveries.push({ channel: "webhook", dedupeKey: `webhook:${key}`, payload: body });
  }
  return { notified: await storeAlert(rows, deliveries) };
}
