import "server-only";
import { z } from "zod";
import { codeDatasets } from "@/lib/db/assessments";
import { chargedDataCalls, counterReadings, latestRefresh, limitsReports } from "@/lib/db/quota-history";
import { counters, datasetBudgets } from "@/lib/db/upstream-usage";
import { nextVendorDayStart, releaseInstant, releasePeriod, vendorDay } from "@/lib/domain/calendar";
import { monthToKey } from "@/lib/domain/months";
import {
  projectQuota,
  type QuotaProjection,
  type Reconciliation,
  reconcile,
} from "@/lib/domain/quota-projection";
import { SERVICES, type ServiceName, serviceSchema } from "@/lib/domain/services";
import { planCostSchema } from "@/lib/domain/sync-run";
import { env } from "@/lib/env";
import { notFound } from "@/lib/http/errors";
import { vendorCalendar } from "@/lib/sync/upstream";

// Quotas seen over time: every data-limits report of this release period per service and dataset,
// the app's own spend beside it (from the call ledger), the projection to the period's end, and
// the reconciliation of the vendor's count with the app's. The same for the daily call quota and
// the Series Info monthly quota (from the call counters).

const HOUR_MS = 3_600_000;

export const limitsHistoryQuerySchema = z.object({
  service: serviceSchema.optional(),
  /** a key of the vendor's data-limits report (any letter case) */
  dataset: z.string().trim().min(1).max(100).optional(),
});
export type HistoryFilter = z.infer<typeof limitsHistoryQuerySchema>;

export type DatasetQuota = {
  service: ServiceName;
  dataset: string;
  total: number;
  remaining: number;
  reportedAt: string;
  reports: { at: string; remaining: number; trigger?: string }[];
  /** the app's cumulative spend on this dataset through the period (from its ledger) */
  appSpend: { at: string; spent: number }[];
  projection: QuotaProjection;
  /** admins only: the vendor's count of spent codes against the app's */
  reconciliation: Reconciliation | null;
};

type Spend = { at: Date; service: ServiceName; dataset: string | null; n: number; bySync: boolean };

/** The ledger's charged codes, per dataset (null: the code's dataset is not known yet). */
function attribute(
  calls: Awaited<ReturnType<typeof chargedDataCalls>>,
  datasetOf: Map<string, string>,
): Spend[] {
  const out: Spend[] = [];
  for (const call of calls) {
    if (!call.service) continue;
    const counts = new Map<string | null, number>();
    for (const code of call.codes) {
      const d = datasetOf.get(`${call.service}|${code}`) ?? null;
      counts.set(d, (counts.get(d) ?? 0) + 1);
    }
    // The vendor charges answered codes only; a call of one dataset is charged its data requests.
    if (counts.size === 1) counts.set([...counts.keys()][0] ?? null, call.dataRequests);
    for (const [dataset, n] of counts)
      out.push({ at: call.at, service: call.service, dataset, n, bySync: call.syncRunId !== null });
  }
  return out;
}

export async function limitsHistory(filter: HistoryFilter, opts: { admin: boolean; now?: Date }) {
  const now = opts.now ?? new Date();
  const rules = vendorCalendar();
  const period = releasePeriod(now, rules);
  const periodStart = releaseInstant(period, rules);
  const periodEnd = releaseInstant(period + 1, rules);
  // Every dataset ever reported has its budget row: the list of datasets and their last report.
  const [latest, reports, calls, datasetOf, refresh] = await Promise.all([
    datasetBudgets(),
    limitsReports({ ...filter, since: periodStart, until: now }),
    chargedDataCalls(periodStart, now),
    codeDatasets(),
    latestRefresh(),
  ]);
  const wanted = latest.filter(
    (r) =>
      (!filter.service || r.service === filter.service) &&
      (!filter.dataset || r.dataset.toLowerCase() === filter.dataset.toLowerCase()),
  );
  if (filter.dataset && wanted.length === 0)
    throw notFound(`No data-limits report names the dataset "${filter.dataset}".`);

  const spend = attribute(calls, datasetOf);
  // The monthly refresh is due once per period: done when a sync finished (or charged) since.
  const refreshDone = (refresh?.finishedAt ?? new Date(0)) >= periodStart || spend.some((s) => s.bySync);
  const plan = planCostSchema.safeParse(refresh?.plan);
  const planned = (service: ServiceName, dataset: string) =>
    plan.success
      ? (plan.data.byDataset.find((d) => d.service === service && d.dataset === dataset)?.planned ?? 0)
      : 0;

  const datasets: DatasetQuota[] = wanted.map((last) => {
    const service = last.service as ServiceName;
    const own = reports.filter((r) => r.service === service && r.dataset === last.dataset);
    const mine = spend.filter((s) => s.service === service && s.dataset === last.dataset);
    const total = own.at(-1)?.total ?? last.total;
    let running = 0;
    const appSpend = mine.map((s) => {
      running += s.n;
      return { at: s.at.toISOString(), spent: running };
    });
    const projection = projectQuota({
      periodStart,
      periodEnd,
      total,
      reports: own.map((r) => ({ at: r.reportedAt, remaining: r.remaining, total: r.total })),
      refreshToCome: refreshDone ? 0 : planned(service, last.dataset),
      refreshSpent: mine.filter((s) => s.bySync).reduce((n, s) => n + s.n, 0),
    });
    const newest = own.at(-1);
    let reconciliation: Reconciliation | null = null;
    if (opts.admin && newest) {
      // Only what the app spent up to the report can be in the vendor's count.
      const upTo = (s: Spend) => s.at <= newest.reportedAt && s.service === service;
      reconciliation = reconcile(
        newest.total - newest.remaining,
        mine.filter(upTo).reduce((n, s) => n + s.n, 0),
        spend.filter((s) => upTo(s) && s.dataset === null).reduce((n, s) => n + s.n, 0),
      );
    }
    return {
      service,
      dataset: last.dataset,
      total,
      remaining: newest?.remaining ?? total,
      reportedAt: (newest ?? last).reportedAt.toISOString(),
      reports: own.map((r) => ({
        at: r.reportedAt.toISOString(),
        remaining: r.remaining,
        ...(opts.admin ? { trigger: r.trigger } : {}),
      })),
      appSpend,
      projection,
      reconciliation,
    };
  });

  return {
    period: { key: monthToKey(period), start: periodStart.toISOString(), end: periodEnd.toISOString() },
    refresh: {
      done: refreshDone,
      basis: plan.success
        ? `the plan of the last sync (finished ${refresh?.finishedAt?.toISOString()}), per dataset`
        : "no finished sync yet: no refresh counted",
    },
    datasets,
    ...(await callQuotas(now, periodStart, periodEnd, period, refreshDone)),
  };
}
export type LimitsHistory = Awaited<ReturnType<typeof limitsHistory>>;

/** The daily call quota and the Series Info monthly quota: readings, history and projection. */
async function callQuotas(
  now: Date,
  periodStart: Date,
  periodEnd: Date,
  period: number,
  refreshDone: boolean,
) {
  const day = vendorDay(now);
  const periodKey = monthToKey(period);
  const [current, days, months] = await Promise.all([
    // the counters key a release period by its month index (see lib/upstream/budgets.ts)
    counters([`daily:${day}`, `series_info:${period}`]),
    counterReadings("daily:", 31),
    counterReadings("series_info:", 12),
  ]);
  const used = (key: string) => current.find((c) => c.key === key)?.used ?? 0;
  const dailyTotal = env().UPSTREAM_DAILY_QUOTA;
  const infoTotal = env().UPSTREAM_SERIES_INFO_MONTHLY_QUOTA;
  const dayEnd = nextVendorDayStart(now);
  const dayStart = nextVendorDayStart(new Date(dayEnd.getTime() - 25 * HOUR_MS));
  const reading = (total: number, u: number) => [{ at: now, remaining: total - u, total }];
  return {
    daily: {
      day,
      used: used(`daily:${day}`),
      total: dailyTotal,
      history: days.map((d) => ({ day: d.key.slice(6), used: d.used })).reverse(),
      projection: projectQuota({
        periodStart: dayStart,
        periodEnd: dayEnd,
        total: dailyTotal,
        reports: reading(dailyTotal, used(`daily:${day}`)),
        refreshToCome: 0,
        refreshSpent: 0,
        minElapsedMs: HOUR_MS,
      }),
    },
    seriesInfo: {
      period: periodKey,
      used: used(`series_info:${period}`),
      total: infoTotal,
      history: months.map((m) => ({ period: monthToKey(Number(m.key.slice(12))), used: m.used })).reverse(),
      projection: projectQuota({
        periodStart,
        periodEnd,
        total: infoTotal,
        reports: reading(infoTotal, used(`series_info:${period}`)),
        // the refresh asks Series Info once per service
        refreshToCome: refreshDone ? 0 : SERVICES.length,
        refreshSpent: 0,
      }),
    },
  };
}

/** Datasets whose vendor count exceeds what the app spent: something else uses the login. */
export function reconciliationWarnings(history: LimitsHistory) {
  return history.datasets
    .filter((d) => (d.reconciliation?.unexplained ?? 0) > 0)
    .map((d) => ({
      service: d.service,
      dataset: d.dataset,
      unexplained: d.reconciliation?.unexplained ?? 0,
      message: `Something else is spending this login's quota: for ${d.dataset} (${d.service}) the vendor counts ${d.reconciliation?.unexplained} more code(s) than Price Atlas spent this period.`,
    }));
}
