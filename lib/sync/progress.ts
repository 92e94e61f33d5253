import "server-only";
import {
  batchCounts,
  failedBatches,
  findRun,
  findUnfinishedRun,
  latestRun,
  listRuns,
} from "@/lib/db/sync-runs";
import { runLedgerTotals } from "@/lib/db/upstream-usage";
import { planCostSchema, type RunView } from "@/lib/domain/sync-run";

// Progress of sync runs as stored per batch, for the admin page and `npm run sync` through the app.
// Counts come from the database (one grouped query), so polling a long run stays cheap.

export async function runView(id: string): Promise<RunView | null> {
  const run = await findRun(id);
  if (!run) return null;
  const [counts, failures] = await Promise.all([batchCounts(id), failedBatches(id, 20)]);
  // The run's totals are stored when it ends; until then they are counted from the call ledger.
  const spent = run.finishedAt ? run : await runLedgerTotals(run.id);
  const plan = planCostSchema.safeParse(run.plan);
  return {
    id: run.id,
    trigger: run.trigger,
    status: run.status,
    dryRun: run.dryRun,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    heartbeatAt: run.heartbeatAt.toISOString(),
    requestedBy: run.requestedBy,
    message: run.message,
    nextAttemptAt: run.nextAttemptAt?.toISOString() ?? null,
    calls: spent.calls,
    dataRequests: spent.dataRequests,
    minimumDataRequests: run.minimumDataRequests,
    assessments: run.assessments,
    observations: run.observations,
    batches: {
      total: run.batchesTotal,
      done: counts.done,
      failed: counts.failed,
      skipped: counts.skipped,
      pending: counts.pending + counts.fetched,
    },
    plan: plan.success ? plan.data : null,
    failures: failures.map((b) => ({
      seq: b.seq,
      service: b.service,
      operation: b.operation,
      codes: b.codes.length,
      message: b.message,
    })),
  };
}

export async function currentOrLatestRun(): Promise<RunView | null> {
  const current = (await findUnfinishedRun()) ?? (await latestRun());
  return current ? runView(current.id) : null;
}

export async function recentRuns(limit = 20) {
  return listRuns(limit);
}
