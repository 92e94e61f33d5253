import "server-only";
import { alertsOfPeriods } from "@/lib/db/quota-history";
import { releasePeriod, vendorDay } from "@/lib/domain/calendar";
import { monthToKey } from "@/lib/domain/months";
import { dismissedQuotaAlerts, quotaAlertKey } from "@/lib/domain/quota-alert-dismissal";
import { log } from "@/lib/log";
import { type QuotaAlert, setQuotaAlertSink } from "@/lib/sync/quota-thresholds";
import { vendorCalendar } from "@/lib/sync/upstream";
import { notifyAdmins } from "./notifications";

// Quota threshold alerts: what a crossing does, and the alerts still current (this vendor day and
// this release period) that the app shell shows to admins.

export type { QuotaAlert };

/**
 * The one side effect of a crossed threshold. The crossing is already stored (it fires once per
 * meter, threshold and period): it is logged, and every admin hears of it in the app and through
 * the outgoing channels that are on (email, webhook), once per crossing.
 */
export async function onQuotaThresholdCrossed(alert: QuotaAlert): Promise<void> {
  const text = `${alert.label}: ${alert.threshold} % of the quota used (${alert.used.toLocaleString("en")} of ${alert.total.toLocaleString("en")}) in ${alert.period}. See Admin → Quota.`;
  await notifyAdmins({
    kind: "quota_threshold",
    subject: `${alert.label} passed ${alert.threshold} % of its quota`,
    text,
    dedupeKey: `quota:${quotaAlertKey(alert)}`,
  });
  log("quota").warn(
    {
      meter: alert.meter,
      threshold: alert.threshold,
      period: alert.period,
      used: alert.used,
      total: alert.total,
    },
    `${alert.label}: ${alert.threshold} % of the quota used (${alert.used} of ${alert.total})`,
  );
}

/** Makes every threshold check of this process (the scheduler's too) call onQuotaThresholdCrossed. */
export function installQuotaAlerts(): void {
  setQuotaAlertSink(onQuotaThresholdCrossed);
}

export type QuotaAlertView = {
  meter: string;
  label: string;
  threshold: number;
  period: string;
  used: number;
  total: number;
  firedAt: string;
};

/** The alerts the app shell shows an admin: the current ones but those they dismissed (a cookie's value). */
export async function shellQuotaAlerts(dismissedCookie: string | undefined): Promise<QuotaAlertView[]> {
  const dismissed = dismissedQuotaAlerts(dismissedCookie);
  return (await currentQuotaAlerts()).filter((a) => !dismissed.has(quotaAlertKey(a)));
}

/** The current alerts, the highest threshold of each meter only. */
export async function currentQuotaAlerts(now = new Date()): Promise<QuotaAlertView[]> {
  const periods = [vendorDay(now), monthToKey(releasePeriod(now, vendorCalendar()))];
  const seen = new Set<string>();
  const out: QuotaAlertView[] = [];
  for (const a of await alertsOfPeriods(periods)) {
    if (seen.has(a.meter)) continue;
    seen.add(a.meter);
    out.push({ ...a, firedAt: a.firedAt.toISOString() });
  }
  return out;
}
