import "server-only";
import type { DeliveryRow, NotificationRow } from "@/lib/db/notifications";
import { existingNotifications, notificationCursor, storeDigests } from "@/lib/db/notifications";
import {
  assessmentRefs,
  discontinuedBetween,
  latestPublication,
  listWatchers,
  observationChanges,
} from "@/lib/db/series-changes";
import { type CalendarRules, releasePeriod } from "@/lib/domain/calendar";
import { monthToKey } from "@/lib/domain/months";
import {
  type DigestItem,
  digestItemsSchema,
  digestLines,
  digestSubject,
  mergeDigestItems,
  seriesPath,
  type WebhookBody,
} from "@/lib/domain/notifications";
import { env } from "@/lib/env";
import { channelSettingsView } from "./channel-settings";

// After a sync run: what happened to series since the last time this ran (new final months,
// revised finals, discontinuations), turned into ONE digest per user and release for everyone who
// has a changed series in a list they see (own or shared), plus the outgoing messages they chose.
// The cursor moves in the same transaction, so re-running or resuming a sync adds nothing twice;
// a later run of the same release merges into the user's digest and sends nothing again.

export type ReleaseDigestResult = { users: number; series: number; period: string | null };

export async function notifyReleaseChanges(opts: {
  runId: string;
  until: Date;
  calendar: CalendarRules;
}): Promise<ReleaseDigestResult> {
  const since = await notificationCursor();
  // The first run ever (the initial load) is the baseline: nothing in it is news.
  if (!since || since >= opts.until) {
    if (!since) await storeDigests([], [], opts.until);
    return { users: 0, series: 0, period: null };
  }
  const items = await changedSeries(since, opts.until);
  // The release is the vendor's newest publication (its updated_at), not this clock's guess: a
  // sync started on release day before the assumed release hour still files under the new release.
  const published = await latestPublication();
  const period = published
    ? published.toISOString().slice(0, 7)
    : monthToKey(releasePeriod(opts.until, opts.calendar));
  const watchers = await listWatchers([...items.keys()]);
  const perUser = new Map<string, { email: string; ids: Set<number>; mail: boolean; hook: boolean }>();
  for (const w of watchers) {
    const u = perUser.get(w.userId) ?? { email: w.email, ids: new Set(), mail: false, hook: false };
    u.ids.add(w.assessmentId);
    u.mail ||= w.wantsEmail;
    u.hook ||= w.wantsWebhook;
    perUser.set(w.userId, u);
  }
  const dedupeKey = `release:${period}`;
  const earlier = new Map(
    (await existingNotifications(dedupeKey, [...perUser.keys()])).map((n) => [
      n.userId,
      digestItemsSchema.safeParse(n.items).data ?? [],
    ]),
  );
  const channels = await channelSettingsView();
  const rows: NotificationRow[] = [];
  const deliveries: DeliveryRow[] = [];
  for (const [userId, u] of perUser) {
    const mine = [...u.ids].map((id) => items.get(id)).filter((i): i is DigestItem => Boolean(i));
    const merged = mergeDigestItems(earlier.get(userId) ?? [], mine);
    const subject = digestSubject(period, merged);
    const lines = digestLines(merged);
    rows.push({
      userId,
      kind: "release_digest",
      dedupeKey,
      subject,
      summary: lines.slice(0, 3).join("\n") + (lines.length > 3 ? `\n… and ${lines.length - 3} more` : ""),
      items: merged,
      releasePeriod: period,
      runId: opts.runId,
    });
    if (u.mail && channels.email.enabled)
      deliveries.push({
        channel: "email",
        dedupeKey: `email:${dedupeKey}:${userId}`,
        payload: { to: u.email, subject: `Price Atlas: ${subject}`, text: emailText(subject, merged) },
      });
    if (u.hook && channels.webhook.enabled) {
      const body: WebhookBody = {
        type: "release_digest",
        id: `${dedupeKey}:${userId}`,
        releasePeriod: period,
        user: { email: u.email },
        subject,
        items: merged,
      };
      deliveries.push({ channel: "webhook", dedupeKey: `webhook:${dedupeKey}:${userId}`, payload: body });
    }
  }
  await storeDigests(rows, deliveries, opts.until);
  return { users: rows.length, series: items.size, period };
}

/** Every assessment that changed in (since, until], as a digest item. */
async function changedSeries(since: Date, until: Date): Promise<Map<number, DigestItem>> {
  const [observed, discontinued] = await Promise.all([
    observationChanges(since, until),
    discontinuedBetween(since, until),
  ]);
  const ids = [...new Set([...observed.map((o) => o.assessmentId), ...discontinued.map((d) => d.id)])];
  const refs = new Map((await assessmentRefs(ids)).map((r) => [r.id, r]));
  const items = new Map<number, DigestItem>();
  const item = (id: number) => {
    const ref = refs.get(id);
    if (!ref) return null;
    let it = items.get(id);
    if (!it) {
      it = { ...ref, assessmentId: id, changes: [], newMonths: [], revisedMonths: [], replacement: null };
      items.set(id, it);
    }
    return it;
  };
  for (const o of observed) {
    const it = item(o.assessmentId);
    if (!it) continue;
    const month = o.month.toISOString().slice(0, 7);
    if (o.change === "new_data") it.newMonths.push(month);
    else it.revisedMonths.push(month);
    if (!it.changes.includes(o.change)) it.changes.push(o.change);
  }
  for (const d of discontinued) {
    const it = item(d.id);
    if (!it) continue;
    it.changes.push("discontinued");
    it.replacement = d.replacedBy ?? null;
  }
  return items;
}

function emailText(subject: string, items: DigestItem[]): string {
  const base = env().NEXTAUTH_URL?.replace(/\/$/, "") ?? "";
  const lines = items.map((i) => {
    const link = base ? `\n   ${base}${seriesPath(i)}` : "";
    const repl = i.replacement && base ? `\n   replacement: ${base}${seriesPath(i.replacement)}` : "";
    return `${digestLines([i])[0]}${link}${repl}`;
  });
  const footer = base ? `\n\nAll notifications: ${base}/notifications` : "";
  return `${subject}\n\n${lines.join("\n")}${footer}\n\nYou get this because a list you follow holds these series; choose channels per list on the Bookmarks page.\n`;
}
