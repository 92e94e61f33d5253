// The vendor's limits: 10 requests/s per operation per token (a token bucket, so bursts of
// network jitter are absorbed as a gateway would), the daily call quota, the Series Info monthly
// quota, and the per-dataset monthly code quota shared by Series Values and History. Monthly
// counters are keyed by release period, so they reset on release.
import type { MonthIndex } from "@/lib/domain/months";

export type Bucket = { tokens: number; updated: number };
export type QuotaLimits = {
  ratePerSecond: number;
  dailyQuota: number;
  seriesInfoMonthlyQuota: number;
  codeQuota: number;
  sandboxDaily: { series_info: number; series: number; series_hist: number };
};

export type Stats = {
  calls: Record<string, number>;
  dataRequests: Record<string, number>;
  statuses: Record<string, number>;
  /** the most requests of an operation that arrived within any one second (wall clock), answered or not */
  peakPerSecond: Record<string, number>;
};

const emptyStats = (): Stats => ({ calls: {}, dataRequests: {}, statuses: {}, peakPerSecond: {} });

export class Limits {
  private readonly buckets = new Map<string, Bucket>();
  private readonly daily = new Map<string, number>();
  private readonly monthly = new Map<string, number>();
  stats: Stats = emptyStats();
  private readonly arrivals = new Map<string, number[]>();

  constructor(readonly limits: QuotaLimits) {}

  /** Seconds to wait, or 0 when the request may go now (and is counted). */
  takeRateToken(key: string, nowMs: number): number {
    const rate = this.limits.ratePerSecond;
    const bucket = this.buckets.get(key) ?? { tokens: rate, updated: nowMs };
    bucket.tokens = Math.min(rate, bucket.tokens + ((nowMs - bucket.updated) / 1000) * rate);
    bucket.updated = nowMs;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return (1 - bucket.tokens) / rate;
  }

  dailyUsed(key: string): number {
    return this.daily.get(key) ?? 0;
  }

  countDaily(key: string): void {
    this.daily.set(key, this.dailyUsed(key) + 1);
  }

  monthlyKey(kind: string, period: MonthIndex): string {
    return `${kind}@${period}`;
  }

  monthlyUsed(key: string): number {
    return this.monthly.get(key) ?? 0;
  }

  addMonthly(key: string, n: number): void {
    this.monthly.set(key, this.monthlyUsed(key) + n);
  }

  setMonthlyUsed(key: string, used: number): void {
    this.monthly.set(key, used);
  }

  datasetKey(service: string, dataset: string, period: MonthIndex): string {
    return this.monthlyKey(`codes:${service}:${dataset}`, period);
  }

  datasetRemaining(service: string, dataset: string, period: MonthIndex): number {
    return Math.max(0, this.limits.codeQuota - this.monthlyUsed(this.datasetKey(service, dataset, period)));
  }

  /** Notes a request's arrival, for the peak rate per operation over any sliding second. */
  arrive(operation: string, nowMs: number): void {
    const recent = (this.arrivals.get(operation) ?? []).filter((t) => nowMs - t < 1000);
    recent.push(nowMs);
    this.arrivals.set(operation, recent);
    this.stats.peakPerSecond[operation] = Math.max(this.stats.peakPerSecond[operation] ?? 0, recent.length);
  }

  record(operation: string, status: number, dataRequests: number): void {
    this.stats.calls[operation] = (this.stats.calls[operation] ?? 0) + 1;
    this.stats.statuses[String(status)] = (this.stats.statuses[String(status)] ?? 0) + 1;
    if (dataRequests)
      this.stats.dataRequests[operation] = (this.stats.dataRequests[operation] ?? 0) + dataRequests;
  }

  resetQuotas(): void {
    this.daily.clear();
    this.monthly.clear();
    this.buckets.clear();
  }

  resetStats(): void {
    this.stats = emptyStats();
    this.arrivals.clear();
  }
}
