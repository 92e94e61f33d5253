import "server-only";
import { Prisma, type Service } from "@/generated/prisma/client";
import { prisma } from "./client";
import { afterBulkWrite } from "./maintenance";

// Sync runs and their batches: the plan, per-batch progress, and what a resumed run needs.

export const UNFINISHED = ["planning", "running", "waiting"];

export function latestFinishedSync() {
  return prisma().syncRun.findFirst({
    where: { finishedAt: { not: null }, dryRun: false, status: { in: ["done", "partial"] } },
    orderBy: { finishedAt: "desc" },
    select: { id: true, status: true, finishedAt: true, trigger: true },
  });
}

export async function createRun(data: {
  trigger: string;
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
    where: { status: { in: UNFINISHED }, dryRun: false },
    orderBy: { startedAt: "desc" },
  });
}

export function findRun(id: string) {
  return prisma().syncRun.findUnique({ where: { id } });
}

export function findRunByScheduleKey(scheduleKey: string) {
  return prisma().syncRun.findUnique({ where: { scheduleKey } });
}

export function listRuns(limit: number) {
  return prisma().syncRun.findMany({ orderBy: { startedAt: "desc" }, take: limit, omit: { plan: true } });
}

export function runBatches(runId: string) {
  return prisma().syncBatch.findMany({
    where: { runId },
    orderBy: { seq: "asc" },
    omit: { response: true },
  });
}

export async function storePlan(
  runId: string,
  plan: Prisma.InputJsonValue,
  batches: {
    service: Service;
    operation: string;
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
        operation: call.operation,
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

export async function updateRun(
  id: string,
  data: Partial<{
    status: string;
    message: string | null;
    nextAttemptAt: Date | null;
    finishedAt: Date | null;
    holder: string;
    plan: Prisma.InputJsonValue;
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

export function runTotals(runId: string) {
  return prisma().syncBatch.aggregate({
    where: { runId },
    _sum: { dataRequests: true, observations: true },
    _count: { _all: true },
  });
}
