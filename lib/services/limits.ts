import "server-only";
import { counters, datasetBudgets, ledgerTotals } from "@/lib/db/upstream-usage";
import { releaseInstant, releasePeriod, vendorDay } from "@/lib/domain/calendar";
import { env } from "@/lib/env";
import { vendorCalendar } from "@/lib/sync/upstream";

// Quota view: the vendor's last data_limits report per service and dataset (minus what was spent
// since), and the app's own ledger of calls and data requests this release period and today.
export async function limitsOverview(now = new Date()) {
  const rules = vendorCalendar();
  const period = releasePeriod(now, rules);
  const periodStart = releaseInstant(period, rules);
  const day = vendorDay(now);
  const [budgets, ledger, used] = await Promise.all([
    datasetBudgets(),
    ledgerTotals(periodStart),
    counters([`daily:${day}`, `series_info:${period}`]),
  ]);
  const counter = (key: string) => used.find((c) => c.key === key)?.used ?? 0;
  const services = ["industry_economics", "energy_price"] as const;
  return {
    periodStart: periodStart.toISOString(),
    services: Object.fromEntries(
      services.map((service) => [
        service,
        {
          datasets: budgets
            .filter((b) => b.service === service)
            .map((b) => ({
              dataset: b.dataset,
              remaining: b.remaining,
              total: b.total,
              reportedAt: b.reportedAt.toISOString(),
            })),
        },
      ]),
    ),
    daily: { used: counter(`daily:${day}`), total: env().UPSTREAM_DAILY_QUOTA, day },
    seriesInfo: { used: counter(`series_info:${period}`), total: env().UPSTREAM_SERIES_INFO_MONTHLY_QUOTA },
    ledger,
  };
}
