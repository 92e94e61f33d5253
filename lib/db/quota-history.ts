import "server-only";
import type { Service } from "@/generated/prisma/client";
import { prisma } from "./client";

// The quota history: every data-limits report kept (written by saveDatasetReport in
// upstream-usage.ts), the data calls of a period for the app's own side of the count, the
// counters' past readings, and the threshold alerts that fired.

export function limitsReports(filter: { service?: Service; dataset?: string; since: Date; until?: Date }) {
  return prisma().limitsReport.findMany({
    where: {
      service: filter.service,
      dataset: filter.dataset === undefined ? undefined : { equals: filter.dataset, mode: "insensitive" },
      reportedAt: { gte: filter.since, ...(filter.until ? { lte: filter.until } : {}) },
    },
    orderBy: { reportedAt: "asc" },
    select: { service: true, dataset: true, remaining: true, total: true, reportedAt: true, trigger: true },
  });
}

/** Drops reports older than `before` (the history keeps a little over a year). */
export async function pruneLimitsReports(before: Date): Promise<number> {
  return (await prisma().limitsReport.deleteMany({ where: { reportedAt: { lt: before } } })).count;
}

/** The newest report's time, any dataset: a poll is skipped when one came recently. */
export async function latestReportAt(): Promise<Date | null> {
  const row = await prisma().limitsReport.findFirst({
    orderBy: { reportedAt: "desc" },
    select: { reportedAt: true },
  });
  return row?.reportedAt ?? null;
}

/** Data calls the vendor charged (answered codes) from `since`: the app's own spend. */
export function chargedDataCalls(since: Date, until: Date) {
  return prisma().upstreamCall.findMany({
    where: {
      at: { gte: since, lte: until },
      operation: { in: ["series", "series_hist"] },
      sandbox: false,
      dataRequests: { gt: 0 },
    },
    orderBy: { at: "asc" },
    select: { at: true, service: true, codes: true, dataRequests: true, syncRunId: true },
  });
}

/** The latest sync run that finished (not a dry run) with its stored plan: the refresh's cost. */
export function latestRefresh() {
  return prisma().syncRun.findFirst({
    where: { finishedAt: { not: null }, dryRun: false, status: { in: ["done", "partial"] } },
    orderBy: { finishedAt: "desc" },
    select: { id: true, finishedAt: true, startedAt: true, plan: true, dataRequests: true },
  });
}

/** Readings of the counters whose key starts with `prefix` (e.g. "daily:" → calls per day). */
export function counterReadings(prefix: string, limit: number) {
  return prisma().quotaCounter.findMany({
    where: { key: { startsWith: prefix } },
    orderBy: { key: "desc" },
    take: limit,
    select: { key: true, used: true, limit: true },
  });
}

export type NewQuotaAlert = {
  meter: string;
  label: string;
  threshold: number;
  period: string;
  used: number;
  total: number;
  firedAt: Date;
};

/** Stores an alert unless this (meter, threshold, period) already fired; true when it is new. */
export async function insertQuotaAlert(alert: NewQuotaAlert): Promise<boolean> {
  // ON CONFLICT DO NOTHING: another instance that stored it first is no error worth logging.
  const { count } = await prisma().quotaAlert.createMany({ data: [alert], skipDuplicates: true });
  return count === 1;
}

/** Undoes a stored crossing whose admins could not be told, so a later check fires it again. */
export async function forgetQuotaAlert(alert: Pick<NewQuotaAlert, "meter" | "threshold" | "period">) {
  await prisma().quotaAlert.deleteMany({
    where: { meter: alert.meter, threshold: alert.threshold, period: alert.period },
  });
}

/** Alerts of the given periods (the current day and release period), the highest threshold first. */
export function alertsOfPeriods(periods: string[]) {
  return prisma().quotaAlert.findMany({
    where: { period: { in: periods } },
    orderBy: [{ threshold: "desc" }, { firedAt: "desc" }],
    select: {
      meter: true,
      label: true,
      threshold: true,
      period: true,
      used: true,
      total: true,
      firedAt: true,
    },
  });
}
