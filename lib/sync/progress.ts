import "server-only";
import { findRun, findUnfinishedRun, listRuns, runBatches } from "@/lib/db/sync-runs";
import { runLedgerTotals } from "@/lib/db/upstream-usage";

// Progress of sync runs as stored per batch, for the admin page and `npm run sync` through the app.

export type RunView = NonNullable<Awaited<ReturnType<typeof runView>>>;

export async function runView(id: string) {
  const run = await findRun(id);
  if (!run) return null;
  const batches = await runBatches(id);
  const count = (s: string) => batches.filter((b) => b.status === s).length;
  // The run's totals are stored when it ends; until then they are counted from the call ledger.
  const spent = run.finishedAt ? run : await runLedgerTotals(run.id);
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
      done: count("done"),
      failed: count("failed"),
      skipped: count("skipped"),
      pending: count("pending") + count("fetched"),
    },
    plan: run.plan,
    failures: batches
      .filter((b) => b.status === "failed" || b.status === "skipped")
      .slice(0, 20)
      .map((b) => ({
        seq: b.seq,
        service: b.service,
        operation: b.operation,
        codes: b.codes.length,
        message: b.message,
      })),
  };
}

export async function currentOrLatestRun() {
  const current = (await findUnfinishedRun()) ?? (await listRuns(1))[0];
  return current ? runView(current.id) : null;
}

export async function recentRuns(limit = 20) {
  return listRuns(limit);
}
