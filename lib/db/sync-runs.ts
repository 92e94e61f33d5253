import "server-only";
import { Prisma, type Service } from "@/generated/prisma/client";
import {
  type BatchStatus,
  type DataOperation,
  type PlanCost,
  type RunStatus,
  type SyncTrigger,
  UNFINISHED_RUN_STATUSES,
} from "@/lib/domain/sync-run";
import { prisma } from "./client";
import { afterBulkWrite } from "./maintenance";

// Sync runs and their batches: the plan, per-batch progress, and what a resumed run needs.

export function latestFinishedSync() {
  return prisma().syncRun.findFirst({
    where: { finishedAt: { not: null }, dryRun: false, status: { in: ["done", "partial"] } },
    orderBy: { finishedAt: "desc" },
    select: { id: true, status: true, finishedAt: true, trigger: true },
  });
}

export async function createRun(data: {
  trigger: SyncTrigger;
  holder: string;
  requestedBy?: string | null;
  dryRun?: boolean;
  scheduleKey?: string | null;
}): Promise<{ id: string } | null> {
  try {
    return await prisma().syncRun.create({
      data: { ...data, status: "planning" },
      select: { id: true },
    });
  } catch (error) {
    // Another instance already started this scheduled occurrence.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return null;
    throw error;
  }
}

export function findUnfinishedRun() {
  return prisma().syncRun.findFirst({
    where: { status: { in: [...UNFINISHED_RUN_STATUSES] }, dryRun: false },
    orderBy: { startedAt: "desc" },
  });
}

/** The newest real run (dry runs are plans, not syncs). */
export function latestRun() {
  return prisma().syncRun.findFirst({ where: { dryRun: false }, orderBy: { startedAt: "desc" } });
}

export function findRun(id: string) {
  return prisma().syncRun.findUnique({ where: { id } });
}

export function listRuns(limit: number) {
  return prisma().syncRun.findMany({ orderBy: { startedAt: "desc" }, take: limit, omit: { plan: true } });
}

/** Batches of a run by status, counted in the database. */
export async function batchCounts(runId: string): Promise<Record<BatchStatus, number>> {
  const rows = await prisma().syncBatch.groupBy({ by: ["status"], where: { runId }, _count: { _all: true } });
  const counts: Record<BatchStatus, number> = { pending: 0, fetched: 0, done: 0, failed: 0, skipped: 0 };
  for (const r of rows) counts[r.status] = r._count._all;
  return counts;
}

/** The first failed or skipped batches of a run, without their codes' answers. */
export function failedBatches(runId: string, limit: number) {
  return prisma().syncBatch.findMany({
    where: { runId, status: { in: ["failed", "skipped"] } },
    orderBy: { seq: "asc" },
    take: limit,
    select: { seq: true, service: true, operation: true, codes: true, message: true },
  });
}

export async function storePlan(
  runId: string,
  plan: PlanCost,
  batches: {
    service: Service;
    operation: DataOperation;
    currencyId: number | null;
    unitId: number | null;
    codes: string[];
  }[],
  counts: { assessments: number; minimumDataRequests: number },
): Promise<void> {
  await prisma().$transaction([
    prisma().syncBatch.createMany({
      data: batches.map((b, seq) => ({ ...b, runId, seq, status: "pending" })),
    }),
    prisma().syncRun.update({
      where: { id: runId },
      data: { plan, batchesTotal: batches.length, status: "running", heartbeatAt: new Date(), ...counts },
    }),
  ]);
  await afterBulkWrite();
}

export function pendingBatches(runId: string) {
  return prisma().syncBatch.findMany({
    where: { runId, status: { in: ["pending", "fetched"] } },
    orderBy: { seq: "asc" },
  });
}

/**
 * Keeps the vendor's answer, with the ledger row of the call that brought it, in one transaction
 * before it is processed: a crash then never means paying twice, nor a paid call missing.
 */
export async function saveBatchResponse(
  id: string,
  response: unknown,
  call: Prisma.UpstreamCallUncheckedCreateInput,
): Promise<void> {
  await prisma().$transaction([
    prisma().syncBatch.update({
      where: { id },
      data: {
        status: "fetched",
        // The operation that answered (History may have fallen back to Series Values).
        ...(call.operation === "series" || call.operation === "series_hist"
          ? { operation: call.operation }
          : {}),
        response: response as Prisma.InputJsonValue,
        dataRequests: call.dataRequests ?? 0,
        startedAt: new Date(),
      },
    }),
    prisma().upstreamCall.create({ data: call }),
  ]);
}

export async function markBatch(id: string, status: "failed" | "skipped", message: string): Promise<void> {
  await prisma().syncBatch.update({
    where: { id },
    data: { status, message: message.slice(0, 500), response: Prisma.DbNull, finishedAt: new Date() },
  });
}

/** Marks a run as alive (its holder is working on it). */
export async function touchRun(id: string): Promise<void> {
  await prisma().syncRun.updateMany({ where: { id }, data: { heartbeatAt: new Date() } });
}

export async function updateRun(
  id: string,
  data: Partial<{
    status: RunStatus;
    message: string | null;
    nextAttemptAt: Date | null;
    finishedAt: Date | null;
    holder: string;
    plan: PlanCost;
  }>,
  increments: Partial<Record<"calls" | "dataRequests" | "assessments" | "observations", number>> = {},
): Promise<void> {
  await prisma().syncRun.update({
    where: { id },
    data: {
      ...data,
      heartbeatAt: new Date(),
      ...Object.fromEntries(Object.entries(increments).map(([k, v]) => [k, { increment: v }])),
    },
  });
}

/** One page of runs, newest first, with the plan's cost (not the batches). */
export function listRunsPage(skip: number, take: number) {
  return prisma().syncRun.findMany({ orderBy: [{ startedAt: "desc" }, { id: "desc" }], skip, take });
}

export function countRuns() {
  return prisma().syncRun.count();
}

/** The runs that ended most recently (for the metrics). */
export function latestFinishedRuns(take: number) {
  return prisma().syncRun.findMany({
    where: { finishedAt: { not: null }, dryRun: false },
    orderBy: { finishedAt: "desc" },
    take,
    select: { trigger: true, status: true, startedAt: true, finishedAt: true },
  });
}

/** Runs by status (for the metrics). */
export async function runsByStatus() {
  const rows = await prisma().syncRun.groupBy({
    by: ["status"],
    where: { dryRun: false },
    _count: { _all: true },
  });
  return rows.map((r) => ({ status: r.status, runs: r._count._all }));
}

/** A run's batches in order, without the vendor's answers. */
export function runBatches(runId: string, take: number) {
  return prisma().syncBatch.findMany({
    where: { runId },
    orderBy: { seq: "asc" },
    take,
    omit: { response: true },
  });
}
