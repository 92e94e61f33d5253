// Notifications, one shape from database to screen and to the outgoing channels: what happened to a
// series in a release, the digest a user gets for it, the alert admins get, and the retry pace of
// outgoing messages. Pure: no I/O.
import { z } from "zod";

export const SERIES_CHANGES = ["new_data", "revised", "discontinued"] as const;
export type SeriesChangeKind = (typeof SERIES_CHANGES)[number];

export const NOTIFICATION_KINDS = ["release_digest", "admin_alert"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const CHANNELS = ["email", "webhook"] as const;
export type Channel = (typeof CHANNELS)[number];

const seriesRef = z.object({ service: z.string(), code: z.string(), assessment: z.string() });

/** One changed series in a digest. `months` are YYYY-MM (new or revised finals). */
export const digestItemSchema = seriesRef.extend({
  assessmentId: z.number().int(),
  changes: z.array(z.enum(SERIES_CHANGES)).min(1),
  newMonths: z.array(z.string()).default([]),
  revisedMonths: z.array(z.string()).default([]),
  replacement: seriesRef.nullable().default(null),
});
export type DigestItem = z.infer<typeof digestItemSchema>;
export const digestItemsSchema = z.array(digestItemSchema);

const CHANGE_LABEL: Record<SeriesChangeKind, string> = {
  new_data: "new data",
  revised: "revised",
  discontinued: "discontinued",
};

/** Merges two digests of the same release (a later run found more): one item per assessment. */
export function mergeDigestItems(a: DigestItem[], b: DigestItem[]): DigestItem[] {
  const byId = new Map<number, DigestItem>();
  for (const item of [...a, ...b]) {
    const had = byId.get(item.assessmentId);
    if (!had) {
      byId.set(item.assessmentId, item);
      continue;
    }
    const union = <T>(x: T[], y: T[]) => [...new Set([...x, ...y])].sort() as T[];
    byId.set(item.assessmentId, {
      ...had,
      changes: SERIES_CHANGES.filter((c) => had.changes.includes(c) || item.changes.includes(c)),
      newMonths: union(had.newMonths, item.newMonths),
      revisedMonths: union(had.revisedMonths, item.revisedMonths),
      replacement: item.replacement ?? had.replacement,
    });
  }
  return [...byId.values()].sort((x, y) => x.assessment.localeCompare(y.assessment));
}

/** "3 series changed in the 2026-05 release: 2 with new data, 1 revised, 1 discontinued". */
export function digestSubject(period: string, items: DigestItem[]): string {
  const count = (kind: SeriesChangeKind) => items.filter((i) => i.changes.includes(kind)).length;
  const parts = SERIES_CHANGES.map((k) => [k, count(k)] as const)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${n} ${k === "new_data" ? "with new data" : CHANGE_LABEL[k]}`);
  const n = items.length;
  return `${n} series changed in the ${period} release: ${parts.join(", ")}`;
}

/** One line per series, for the email body and the feed's summary. */
export function digestLines(items: DigestItem[]): string[] {
  return items.map((i) => {
    const what = i.changes.map((c) => {
      if (c === "new_data" && i.newMonths.length) return `new data (${i.newMonths.join(", ")})`;
      if (c === "revised" && i.revisedMonths.length) return `revised (${i.revisedMonths.join(", ")})`;
      if (c === "discontinued" && i.replacement)
        return `discontinued, replaced by ${i.replacement.code} ${i.replacement.assessment}`;
      return CHANGE_LABEL[c];
    });
    return `${i.code} ${i.assessment} [${i.service}]: ${what.join("; ")}`;
  });
}

/** Where a series is shown in the app (relative; the email adds the app's address). */
export const seriesPath = (ref: { service: string; code: string }) =>
  `/series/${ref.service}/${encodeURIComponent(ref.code)}`;

/** Outgoing retries: 30 s, 1 min, 2 min, … capped at an hour; given up after MAX_ATTEMPTS. */
export const MAX_DELIVERY_ATTEMPTS = 8;
export function retryDelayMs(attempts: number, baseMs = 30_000): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** The JSON a webhook receives (and verifies with the signature header). */
export type WebhookBody =
  | {
      type: "release_digest";
      id: string;
      releasePeriod: string;
      user: { email: string };
      subject: string;
      items: DigestItem[];
    }
  | { type: "admin_alert"; id: string; alert: string; subject: string; text: string }
  | { type: "test"; id: string; subject: string; text: string };
