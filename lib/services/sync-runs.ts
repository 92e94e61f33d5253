import "server-only";
import { z } from "zod";
import { countRuns, listRunsPage, runBatches } from "@/lib/db/sync-runs";
import { planCostSchema } from "@/lib/domain/sync-run";
import { runView } from "@/lib/sync/progress";
import { pageField } from "./admin-query";

// Recent sync runs for the admin pages: what each planned and spent, how long it took, how it
// ended and who started it. One run in full is runView (lib/sync/progress.ts).

export const runsQuerySchema = z
  .object({ page: pageField, pageSize: z.coerce.number().int().min(1).max(100).default(20) })
  .strict();

export type RunListItem = {
  id: string;
  trigger: string;
  status: string;
  dryRun: boolean;
  requestedBy: string | null;
  startedAt: string;
  finishedAt: string | null;
  durationMs: number | null;
  calls: number;
  dataRequests: number;
  minimumDataRequests: number;
  plannedCalls: number | null;
  plannedDataRequests: number | null;
  assessments: number;
  observations: number;
  batchesTotal: number;
  batchesDone: number;
  message: string | null;
};

export async function runsPage(q: z.infer<typeof runsQuerySchema>) {
  const [rows, total] = await Promise.all([listRunsPage((q.page - 1) * q.pageSize, q.pageSize), countRuns()]);
  const items: RunListItem[] = rows.map((r) => {
    const plan = planCostSchema.safeParse(r.plan);
    return {
      id: r.id,
      trigger: r.trigger,
      status: r.status,
      dryRun: r.dryRun,
      requestedBy: r.requestedBy,
      startedAt: r.startedAt.toISOString(),
      finishedAt: r.finishedAt?.toISOString() ?? null,
      durationMs: r.finishedAt ? r.finishedAt.getTime() - r.startedAt.getTime() : null,
      calls: r.calls,
      dataRequests: r.dataRequests,
      minimumDataRequests: r.minimumDataRequests,
      plannedCalls: plan.success ? plan.data.calls : null,
      plannedDataRequests: plan.success ? plan.data.dataRequests : null,
      assessments: r.assessments,
      observations: r.observations,
      batchesTotal: r.batchesTotal,
      batchesDone: r.batchesDone,
      message: r.message,
    };
  });
  return { items, total, page: q.page, pageSize: q.pageSize };
}

export type BatchItem = {
  seq: number;
  service: string;
  operation: string;
  codes: string[];
  status: string;
  observations: number;
  dataRequests: number;
  message: string | null;
};

/** One run in full (its view, its first batches), or null. */
export async function runDetail(id: string, batchLimit = 200) {
  const run = await runView(id);
  if (!run) return null;
  const batches: BatchItem[] = (await runBatches(id, batchLimit)).map((b) => ({
    seq: b.seq,
    service: b.service,
    operation: b.operation,
    codes: b.codes,
    status: b.status,
    observations: b.observations,
    dataRequests: b.dataRequests,
    message: b.message,
  }));
  return { run, batches };
}
