import "server-only";
import { z } from "zod";
import { forgetQuotaAlert, insertQuotaAlert } from "@/lib/db/quota-history";
import { readSetting, writeSetting } from "@/lib/db/settings";
import { counters, datasetBudgets } from "@/lib/db/upstream-usage";
import { releaseInstant, releasePeriod, vendorDay } from "@/lib/domain/calendar";
import { monthToKey } from "@/lib/domain/months";
import { reachedThresholds } from "@/lib/domain/quota-projection";
import { SERVICE_LABELS } from "@/lib/domain/services";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { processSingleton } from "@/lib/process-singleton";
import { vendorCalendar } from "./upstream";

// Admin-set quota thresholds (percent used) and the check that fires each crossing once per
// (meter, threshold, period): the unique key of QuotaAlert decides, so N instances checking at
// the same moment still fire it once. What a crossing then does (log, notify) is the sink's
// business: lib/services/quota-alerts.ts installs it.

export const quotaThresholdsSchema = z.object({
  /** percent of a quota used at which admins are warned, ascending */
  thresholds: z
    .array(z.number().int().min(1).max(100))
    .min(1)
    .max(5)
    .refine((t) => new Set(t).size === t.length, "thresholds must differ")
    .transform((t) => [...t].sort((a, b) => a - b))
    .default([80, 95]),
});
export type QuotaThresholds = z.infer<typeof quotaThresholdsSchema>;

const KEY = "quotaThresholds";

export async function quotaThresholds(): Promise<QuotaThresholds> {
  const parsed = quotaThresholdsSchema.safeParse((await readSetting(KEY)) ?? {});
  return parsed.success ? parsed.data : quotaThresholdsSchema.parse({});
}

export async function saveQuotaThresholds(
  next: QuotaThresholds,
  by: string | null,
): Promise<QuotaThresholds> {
  const parsed = quotaThresholdsSchema.parse(next);
  await writeSetting(KEY, parsed, by);
  return parsed;
}

export type QuotaAlert = {
  /** "dataset:<service>:<dataset>", "daily" or "series_info" */
  meter: string;
  label: string;
  threshold: number;
  period: string;
  used: number;
  total: number;
  firedAt: Date;
};

export type QuotaAlertSink = (alert: QuotaAlert) => Promise<void> | void;

const sinkHolder = () => processSingleton<{ sink?: QuotaAlertSink }>("quotaAlertSink", () => ({}));

/** Installs what a crossing does (lib/services/quota-alerts.ts, at start-up). */
export function setQuotaAlertSink(sink: QuotaAlertSink | undefined): void {
  sinkHolder().sink = sink;
}

const logOnly: QuotaAlertSink = (alert) =>
  log("quota").warn({ alert }, `quota threshold ${alert.threshold} % crossed: ${alert.label}`);

type Meter = { meter: string; label: string; period: string; used: number; total: number };

/** Every quota meter as it stands now: each dataset reported this period, daily calls, Series Info. */
export async function quotaMeters(now: Date): Promise<Meter[]> {
  const rules = vendorCalendar();
  const period = releasePeriod(now, rules);
  const periodKey = monthToKey(period);
  const periodStart = releaseInstant(period, rules);
  const day = vendorDay(now);
  const [budgets, used] = await Promise.all([
    datasetBudgets(),
    counters([`daily:${day}`, `series_info:${period}`]),
  ]);
  const counter = (key: string) => used.find((c) => c.key === key)?.used ?? 0;
  return [
    // A budget last reported in an earlier period is stale: its period's quota has reset since.
    ...budgets
      .filter((b) => b.reportedAt >= periodStart)
      .map((b) => ({
        meter: `dataset:${b.service}:${b.dataset}`,
        label: `${SERVICE_LABELS[b.service]} · ${b.dataset} codes this month`,
        period: periodKey,
        used: b.total - b.remaining,
        total: b.total,
      })),
    {
      meter: "daily",
      label: "Vendor calls today",
      period: day,
      used: counter(`daily:${day}`),
      total: env().UPSTREAM_DAILY_QUOTA,
    },
    {
      meter: "series_info",
      label: "Series Info calls this month",
      period: periodKey,
      used: counter(`series_info:${period}`),
      total: env().UPSTREAM_SERIES_INFO_MONTHLY_QUOTA,
    },
  ];
}

/** Stores and hands to the sink every threshold crossed for the first time this period. */
export async function checkQuotaThresholds(now: Date, sink?: QuotaAlertSink): Promise<QuotaAlert[]> {
  const [{ thresholds }, meters] = await Promise.all([quotaThresholds(), quotaMeters(now)]);
  const fired: QuotaAlert[] = [];
  for (const m of meters) {
    for (const threshold of reachedThresholds(m.used, m.total, thresholds)) {
      const alert: QuotaAlert = { ...m, threshold, firedAt: now };
      if (!(await insertQuotaAlert(alert))) continue;
      try {
        await (sink ?? sinkHolder().sink ?? logOnly)(alert);
      } catch (error) {
        // Not lost: the next check (any instance) fires it again; the sink is safe to repeat.
        await forgetQuotaAlert(alert);
        throw error;
      }
      fired.push(alert);
    }
  }
  return fired;
}
