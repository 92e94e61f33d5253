// Where a quota is heading: from the reports of the current period, the pace of spending so far
// (the monthly refresh kept out of it, since it is a one-off at the start of the period) is carried
// on to the period's end, plus the refresh still to come. Also the two checks built on it: the
// thresholds an admin set, and the vendor's count of spent codes against the app's own.
// Pure: every instant is passed in.

const DAY_MS = 86_400_000;

export type QuotaReportPoint = { at: Date; remaining: number; total: number };

export type ProjectionInput = {
  periodStart: Date;
  periodEnd: Date;
  /** the quota of the period (the latest report's total) */
  total: number;
  /** the reports (or counter readings) of this period, any order; earlier ones are ignored */
  reports: QuotaReportPoint[];
  /** codes (or calls) the planned refresh still has to spend this period; 0 when it already ran */
  refreshToCome: number;
  /** what the refresh already spent this period: kept out of the pace */
  refreshSpent: number;
  /** a pace measured over less than this is measured over this (default one day) */
  minElapsedMs?: number;
};

export type QuotaProjection = {
  total: number;
  /** the latest report's remaining (the total when nothing was reported this period) */
  remainingNow: number;
  spentSoFar: number;
  /** spent per day besides the refresh */
  pacePerDay: number;
  refreshToCome: number;
  projectedSpend: number;
  /** at the period's end; negative: the quota runs out before */
  projectedRemaining: number;
  /** when the remaining reaches 0 at this pace, if before the period's end */
  exhaustedAt: string | null;
  /** the dashed line: from the latest report (after the refresh still to come) to the period's end */
  points: { at: string; remaining: number }[];
};

export function projectQuota(input: ProjectionInput): QuotaProjection {
  const { periodStart, periodEnd, total, refreshToCome } = input;
  const inPeriod = input.reports
    .filter((r) => r.at >= periodStart && r.at <= periodEnd)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const latest = inPeriod.at(-1);
  const from = latest?.at ?? periodStart;
  const remainingNow = latest?.remaining ?? total;
  const spentSoFar = Math.max(0, total - remainingNow);
  const elapsed = Math.max(from.getTime() - periodStart.getTime(), input.minElapsedMs ?? DAY_MS);
  const steady = Math.max(0, spentSoFar - input.refreshSpent);
  const pacePerDay = latest ? (steady / elapsed) * DAY_MS : 0;
  const daysLeft = Math.max(0, periodEnd.getTime() - from.getTime()) / DAY_MS;
  const projectedSpend = Math.round(spentSoFar + pacePerDay * daysLeft + refreshToCome);
  const projectedRemaining = total - projectedSpend;
  const afterRefresh = remainingNow - refreshToCome;
  let exhaustedAt: string | null = null;
  if (projectedRemaining < 0) {
    const ms = afterRefresh <= 0 ? 0 : (afterRefresh / pacePerDay) * DAY_MS;
    exhaustedAt = new Date(from.getTime() + ms).toISOString();
  }
  const points = [{ at: from.toISOString(), remaining: remainingNow }];
  if (refreshToCome > 0) points.push({ at: from.toISOString(), remaining: Math.max(0, afterRefresh) });
  if (exhaustedAt && exhaustedAt < periodEnd.toISOString()) points.push({ at: exhaustedAt, remaining: 0 });
  points.push({ at: periodEnd.toISOString(), remaining: Math.max(0, projectedRemaining) });
  return {
    total,
    remainingNow,
    spentSoFar,
    pacePerDay: Math.round(pacePerDay * 100) / 100,
    refreshToCome,
    projectedSpend,
    projectedRemaining,
    exhaustedAt,
    points,
  };
}

/** The admin-set thresholds (percent of a quota used) that `used` of `total` has reached. */
export function reachedThresholds(used: number, total: number, thresholds: readonly number[]): number[] {
  if (total <= 0) return [];
  return thresholds.filter((t) => used * 100 >= t * total);
}

export type Reconciliation = {
  /** total − remaining in the vendor's report */
  vendorSpent: number;
  /** data requests the app's ledger attributes to this dataset, up to the report */
  appSpent: number;
  /** codes the app spent whose dataset it did not know: they may explain a difference */
  unattributed: number;
  /** codes the vendor counts beyond what the app can account for (0: none) */
  unexplained: number;
};

/**
 * The vendor's count of spent codes against the app's own. More on the vendor's side than the
 * app spent (even counting every code of an unknown dataset against this one) means something
 * else spends this login's quota.
 */
export function reconcile(vendorSpent: number, appSpent: number, unattributed: number): Reconciliation {
  return {
    vendorSpent,
    appSpent,
    unattributed,
    unexplained: Math.max(0, vendorSpent - appSpent - unattributed),
  };
}
