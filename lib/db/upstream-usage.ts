import "server-only";
import type { Prisma, Service } from "@/generated/prisma/client";
import { prisma } from "./client";

// Shared upstream state: rate slots, call counters, dataset budgets, the token and the ledger.
// Every change is one atomic statement, so N processes on PostgreSQL never overspend together.

/** GCRA: the theoretical arrival time moves one interval per call; the wait is how far ahead it is. */
export async function reserveRateSlot(key: string, intervalMs: number, now: Date): Promise<number> {
  const rows = await prisma().$queryRaw<{ tat: Date }[]>`
    INSERT INTO "RateLimit" ("key", "tat") VALUES (${key}, ${new Date(now.getTime() + intervalMs)})
    ON CONFLICT ("key") DO UPDATE
      SET "tat" = GREATEST("RateLimit"."tat", ${now}::timestamp(3)) + make_interval(secs => ${intervalMs / 1000}::float8)
    RETURNING "tat"`;
  const tat = rows[0]?.tat.getTime() ?? now.getTime();
  return Math.max(0, tat - intervalMs - now.getTime());
}

export async function takeCounter(key: string, n: number, limit: number): Promise<boolean> {
  const rows = await prisma().$queryRaw<{ used: number }[]>`
    INSERT INTO "QuotaCounter" ("key", "used", "limit", "updatedAt") VALUES (${key}, ${n}, ${limit}, now())
    ON CONFLICT ("key") DO UPDATE SET "used" = "QuotaCounter"."used" + ${n}, "limit" = ${limit}, "updatedAt" = now()
      WHERE "QuotaCounter"."used" + ${n} <= ${limit}
    RETURNING "used"`;
  return rows.length > 0 && (rows[0]?.used ?? 0) <= limit;
}

export async function giveCounter(key: string, n: number): Promise<void> {
  await prisma().$executeRaw`
    UPDATE "QuotaCounter" SET "used" = GREATEST(0, "used" - ${n}), "updatedAt" = now() WHERE "key" = ${key}`;
}

export function counters(keys: string[]) {
  return prisma().quotaCounter.findMany({ where: { key: { in: keys } } });
}

export async function takeDatasetCodes(service: Service, dataset: string, n: number, floor: number) {
  const updated = await prisma().$executeRaw`
    UPDATE "DatasetBudget" SET "remaining" = "remaining" - ${n}, "updatedAt" = now()
    WHERE "service" = ${service}::"Service" AND "dataset" = ${dataset} AND "remaining" - ${n} >= ${floor}`;
  return updated > 0;
}

export async function giveDatasetCodes(service: Service, dataset: string, n: number): Promise<void> {
  await prisma().$executeRaw`
    UPDATE "DatasetBudget" SET "remaining" = LEAST("total", "remaining" + ${n}), "updatedAt" = now()
    WHERE "service" = ${service}::"Service" AND "dataset" = ${dataset}`;
}

export async function datasetReportedSince(service: Service, since: Date): Promise<boolean> {
  return (await prisma().datasetBudget.count({ where: { service, reportedAt: { gte: since } } })) > 0;
}

/**
 * The vendor's report replaces local estimates: it already counts what we spent. Every report is
 * also kept in the history (LimitsReport), in the same transaction, whatever asked for it.
 */
export async function saveDatasetReport(
  service: Service,
  report: Record<string, { remaining: number; total: number }>,
  at: Date,
  cause: string,
): Promise<void> {
  const entries = Object.entries(report);
  await prisma().$transaction([
    ...entries.map(([dataset, { remaining, total }]) =>
      prisma().datasetBudget.upsert({
        where: { service_dataset: { service, dataset } },
        create: { service, dataset, total, remaining, reportedRemaining: remaining, reportedAt: at },
        update: { total, remaining, reportedRemaining: remaining, reportedAt: at },
      }),
    ),
    prisma().limitsReport.createMany({
      data: entries.map(([dataset, { remaining, total }]) => ({
        service,
        dataset,
        remaining,
        total,
        reportedAt: at,
        trigger: cause.slice(0, 100),
      })),
    }),
  ]);
}

export function datasetBudgets() {
  return prisma().datasetBudget.findMany({ orderBy: [{ service: "asc" }, { dataset: "asc" }] });
}

export function loadUpstreamToken() {
  return prisma().upstreamToken.findUnique({ where: { id: 1 } });
}

export async function saveUpstreamToken(cipher: string, expiresAt: Date, obtainedAt: Date): Promise<void> {
  await prisma().upstreamToken.upsert({
    where: { id: 1 },
    create: { id: 1, cipher, expiresAt, obtainedAt },
    update: { cipher, expiresAt, obtainedAt },
  });
}

export async function clearUpstreamToken(): Promise<void> {
  await prisma().upstreamToken.deleteMany({ where: { id: 1 } });
}

export async function recordUpstreamCall(entry: Prisma.UpstreamCallUncheckedCreateInput): Promise<void> {
  await prisma().upstreamCall.create({ data: entry });
}

/**
 * Calls and data requests by service, operation and outcome since `since` (the admin usage view,
 * `/api/v1/limits`), or over the whole ledger (the metrics).
 */
export async function ledgerTotals(since?: Date) {
  const rows = await prisma().upstreamCall.groupBy({
    by: ["service", "operation", "outcome"],
    where: since ? { at: { gte: since } } : {},
    _count: { _all: true },
    _sum: { dataRequests: true },
  });
  return rows.map((r) => ({
    service: r.service,
    operation: r.operation,
    outcome: r.outcome,
    calls: r._count._all,
    dataRequests: r._sum.dataRequests ?? 0,
  }));
}

export async function runLedgerTotals(syncRunId: string): Promise<{ calls: number; dataRequests: number }> {
  const agg = await prisma().upstreamCall.aggregate({
    where: { syncRunId },
    _count: { _all: true },
    _sum: { dataRequests: true },
  });
  return { calls: agg._count._all, dataRequests: agg._sum.dataRequests ?? 0 };
}
