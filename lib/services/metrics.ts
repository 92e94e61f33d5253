import "server-only";
import { latestFinishedRuns, runsByStatus } from "@/lib/db/sync-runs";
import { datasetBudgets, ledgerTotals } from "@/lib/db/upstream-usage";
import { metrics } from "@/lib/metrics";
import { processSingleton } from "@/lib/process-singleton";
import { limitsOverview } from "./limits";

// GET /api/metrics: the per-instance instruments plus cluster-wide figures read from the database
// at scrape time, so every instance answers the same ledger, quota and sync numbers.

const NONE = "none";

async function readClusterFigures(): Promise<void> {
  const [ledger, budgets, runs, last, limits] = await Promise.all([
    ledgerTotals(),
    datasetBudgets(),
    runsByStatus(),
    latestFinishedRuns(1),
    limitsOverview(),
  ]);
  const m = metrics();
  // Set together, with no await in between: a concurrent scrape never sees a half-filled set.
  m.upstreamCalls.reset();
  m.dataRequests.reset();
  for (const r of ledger) {
    const service = r.service ?? NONE;
    m.upstreamCalls.inc({ service, operation: r.operation, outcome: r.outcome }, r.calls);
    m.dataRequests.inc({ service, operation: r.operation }, r.dataRequests);
  }
  m.quotaRemaining.reset();
  m.quotaTotal.reset();
  for (const b of budgets) {
    m.quotaRemaining.set({ service: b.service, dataset: b.dataset }, b.remaining);
    m.quotaTotal.set({ service: b.service, dataset: b.dataset }, b.total);
  }
  m.dailyCalls.set({ kind: "used" }, limits.daily.used);
  m.dailyCalls.set({ kind: "limit" }, limits.daily.total);
  m.syncRuns.reset();
  for (const r of runs) m.syncRuns.set({ status: r.status }, r.runs);
  m.lastSyncDuration.reset();
  m.lastSyncFinished.reset();
  const run = last[0];
  if (run?.finishedAt) {
    const seconds = (run.finishedAt.getTime() - run.startedAt.getTime()) / 1000;
    m.lastSyncDuration.set({ trigger: run.trigger, status: run.status }, seconds);
    m.lastSyncFinished.set({ status: run.status }, run.finishedAt.getTime() / 1000);
  }
}

/**
 * The cluster-wide figures scan the call ledger: read at most every 15 s per instance, however
 * many scrapers ask (each scrape still sees this instance's own instruments live).
 */
const CLUSTER_FIGURES_MS = 15_000;
const clusterRead = () =>
  processSingleton<{ at: number; pending?: Promise<void> }>("metricsRead", () => ({ at: 0 }));

async function freshClusterFigures(): Promise<void> {
  const state = clusterRead();
  if (Date.now() - state.at < CLUSTER_FIGURES_MS) return;
  state.pending ??= readClusterFigures()
    .then(() => {
      state.at = Date.now();
    })
    .finally(() => {
      state.pending = undefined;
    });
  await state.pending;
}

/** The Prometheus text exposition and its content type. */
export async function metricsText(): Promise<{ body: string; contentType: string }> {
  await freshClusterFigures();
  const { registry } = metrics();
  return { body: await registry.metrics(), contentType: registry.contentType };
}
