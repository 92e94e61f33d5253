import "server-only";
import { codeDatasets } from "@/lib/db/assessments";
import { writeAudit } from "@/lib/db/audit";
import { releaseLease, renewLease } from "@/lib/db/leases";
import { tidyAfterSync } from "@/lib/db/maintenance";
import { createRun, findRun, findUnfinishedRun, storePlan, touchRun, updateRun } from "@/lib/db/sync-runs";
import { runLedgerTotals } from "@/lib/db/upstream-usage";
import type { ServiceName } from "@/lib/domain/services";
import { planCostSchema, type SyncSummary, type SyncTrigger } from "@/lib/domain/sync-run";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { notifyReleaseChanges } from "@/lib/notify/release-digests";
import { processSingleton } from "@/lib/process-singleton";
import type { UpstreamClient } from "@/lib/upstream/client";
import { UpstreamError } from "@/lib/upstream/errors";
import { errorEffect } from "./error-policy";
import { type ExecuteProgress, executeBatches } from "./executor";
import { planRun } from "./plan-run";
import { syncSettings } from "./settings";
import { PROCESS_ID, takeLease, upstreamClient } from "./upstream";

export type { SyncSummary, SyncTrigger };

// One sync run: take the cross-process sync lease, resume an unfinished run or plan a new one
// (Series Info → catalogue → plan → batches), execute, and sum up. Safe to start from anywhere
// at any time: a second process gets "busy", a killed run is resumed by the next start.

export type SyncOptions = {
  trigger: SyncTrigger;
  dryRun?: boolean;
  requestedBy?: string | null;
  /** the account that asked for the run (audited as its actor); none for schedule, startup and CLI */
  actorId?: string | null;
  scheduleKey?: string;
  client?: UpstreamClient;
  services?: readonly ServiceName[];
  concurrency?: number;
  leaseTtlMs?: number;
  /** who holds the sync lease (default: this process) */
  holder?: string;
  onProgress?: (p: SyncProgress) => void;
  now?: () => Date;
};

export type SyncProgress = {
  phase: "catalogue" | "datasets" | "batches";
  service?: ServiceName;
} & Partial<ExecuteProgress>;

const LEASE = "sync";
/** Holders running a sync in this process: one run per holder at a time, across every bundle. */
const activeHolders = () => processSingleton("syncHolders", () => new Set<string>());

function summary(partial: Partial<SyncSummary> & Pick<SyncSummary, "status" | "message">): SyncSummary {
  return {
    runId: null,
    resumed: false,
    calls: 0,
    dataRequests: 0,
    minimumDataRequests: 0,
    assessments: 0,
    observations: 0,
    batches: { total: 0, failed: 0, skipped: 0 },
    deferred: 0,
    nextAttemptAt: null,
    plan: null,
    ...partial,
  };
}

export async function runSync(opts: SyncOptions): Promise<SyncSummary> {
  const now = opts.now ?? (() => new Date());
  const client = opts.client ?? upstreamClient();
  const ttl = opts.leaseTtlMs ?? 60_000;
  if (opts.dryRun) return dryRun(client, opts, now);

  const holder = opts.holder ?? PROCESS_ID;
  // One run per process at a time (the lease is per holder, and this process is one holder).
  if (activeHolders().has(holder)) {
    return summary({ status: "busy", message: "A sync is already running in this process." });
  }
  activeHolders().add(holder);
  try {
    return await leasedRun(opts, client, holder, ttl, now);
  } finally {
    activeHolders().delete(holder);
  }
}

async function leasedRun(
  opts: SyncOptions,
  client: UpstreamClient,
  holder: string,
  ttl: number,
  now: () => Date,
): Promise<SyncSummary> {
  if (!(await takeLease(LEASE, holder, ttl))) {
    const running = await findUnfinishedRun();
    return summary({
      status: "busy",
      runId: running?.id ?? null,
      message: "Another sync is running; this one did not start.",
    });
  }
  let runId: string | null = null;
  // The lease and the run's heartbeat are kept alive for the whole run, planning and long vendor
  // retries included: another instance takes a run over only when this process is really gone.
  const keepAlive = setInterval(
    () => {
      void renewLease(LEASE, holder, ttl).catch(() => {});
      if (runId) void touchRun(runId).catch(() => {});
    },
    Math.max(1000, ttl / 3),
  );
  keepAlive.unref();

  try {
    const unfinished = await findUnfinishedRun();
    const resumed = Boolean(unfinished);
    if (unfinished) {
      runId = unfinished.id;
      await updateRun(runId, {
        status: unfinished.batchesTotal ? "running" : "planning",
        holder,
        message: null,
        nextAttemptAt: null,
      });
    } else {
      const created = await createRun({
        trigger: opts.trigger,
        holder,
        requestedBy: opts.requestedBy,
        scheduleKey: opts.scheduleKey,
      });
      if (!created)
        return summary({ status: "skipped", message: `The scheduled sync ${opts.scheduleKey} already ran.` });
      runId = created.id;
      // The run is created (its schedule key spent): a failed audit write must not fail the run.
      await writeAudit({
        actorId: opts.actorId ?? null,
        action: "sync.start",
        target: runId,
        details: { trigger: opts.trigger, requestedBy: opts.requestedBy ?? null },
      }).catch((error) => log("sync").warn({ err: String(error) }, "sync.start audit row not written"));
    }
    // A resumed run keeps its stored plan; a new (or crashed-while-planning) one plans now.
    if (!(await findRun(runId))?.batchesTotal) {
      const planned = await planRun(client, runId, opts, now);
      await storePlan(runId, planned.plan.cost, planned.plan.batches, {
        assessments: planned.assessments,
        // Codes loaded while learning datasets were needed anyway: they count toward the minimum.
        minimumDataRequests: planned.plan.cost.minimumDataRequests + planned.probed,
      });
    }
    const current = await findRun(runId);
    const stored = planCostSchema.safeParse(current?.plan);
    const plan = stored.success ? stored.data : null;
    const datasets = await codeDatasets();
    const id = runId;
    const result = await executeBatches({
      runId: id,
      client,
      datasetOf: (service, code) => datasets.get(`${service}|${code}`),
      reserve: (await syncSettings()).onDemandReserve,
      // PGlite serves one statement at a time: one batch in flight leaves room for users' queries.
      concurrency: opts.concurrency ?? (env().embeddedDatabase ? 1 : 4),
      batchesTotal: current?.batchesTotal ?? 0,
      batchesDoneBefore: current?.batchesDone ?? 0,
      onProgress: (p) => opts.onProgress?.({ phase: "batches", ...p }),
      heartbeat: async () => renewLease(LEASE, holder, ttl),
      now,
    });
    const totals = await runLedgerTotals(id);
    const final = await findRun(id);
    const base = {
      runId: id,
      resumed,
      ...totals,
      minimumDataRequests: final?.minimumDataRequests ?? 0,
      assessments: final?.assessments ?? 0,
      observations: final?.observations ?? 0,
      deferred: plan?.deferred ?? 0,
      plan,
    };
    if (result.outcome === "paused") {
      await updateRun(id, { status: "waiting", message: result.reason, nextAttemptAt: result.retryAt });
      return summary({
        ...base,
        status: "waiting",
        message: result.reason,
        nextAttemptAt: result.retryAt.toISOString(),
        batches: { total: final?.batchesTotal ?? 0, failed: 0, skipped: 0 },
      });
    }
    if (result.outcome === "failed") {
      await updateRun(id, { status: "failed", message: result.reason, finishedAt: new Date() });
      return summary({ ...base, status: "failed", message: result.reason });
    }
    await tidyAfterSync().catch((error) => log("sync").warn({ err: error }, "vacuum after the sync failed"));
    const complete = result.failed === 0 && result.skipped === 0 && base.deferred === 0;
    const message = complete
      ? "Finished: everything the vendor changed is stored."
      : `${result.failed} batch(es) failed, ${result.skipped} skipped for budget, ${base.deferred} code(s) deferred; the next sync picks them up.`;
    await updateRun(
      id,
      { status: complete ? "done" : "partial", message, finishedAt: new Date() },
      { calls: totals.calls, dataRequests: totals.dataRequests },
    );
    // What changed for the series in users' lists: one digest per user and release (own module).
    await notifyReleaseChanges({ runId: id, until: now(), calendar: client.calendar }).catch((error) =>
      log("sync").warn({ err: error }, "release notifications failed; the next run covers them"),
    );
    return summary({
      ...base,
      status: complete ? "done" : "partial",
      message,
      batches: { total: final?.batchesTotal ?? 0, failed: result.failed, skipped: result.skipped },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const effect = error instanceof UpstreamError ? errorEffect(error, now()) : null;
    // Planning met the vendor unavailable (or its quota spent): wait and resume by itself.
    if (runId && effect?.effect === "pause") {
      await updateRun(runId, { status: "waiting", message, nextAttemptAt: effect.retryAt });
      return summary({ runId, status: "waiting", message, nextAttemptAt: effect.retryAt.toISOString() });
    }
    if (runId) await updateRun(runId, { status: "failed", message, finishedAt: new Date() });
    if (error instanceof UpstreamError) return summary({ runId, status: "failed", message });
    throw error;
  } finally {
    clearInterval(keepAlive);
    await releaseLease(LEASE, holder);
  }
}

async function dryRun(client: UpstreamClient, opts: SyncOptions, now: () => Date): Promise<SyncSummary> {
  const created = await createRun({
    trigger: opts.trigger,
    holder: PROCESS_ID,
    requestedBy: opts.requestedBy,
    dryRun: true,
  });
  const runId = created?.id ?? null;
  try {
    const { plan } = await planRun(client, runId ?? "dry-run", opts, now);
    const totals = runId ? await runLedgerTotals(runId) : { calls: 0, dataRequests: 0 };
    if (runId)
      await updateRun(runId, {
        status: "dry_run",
        finishedAt: new Date(),
        plan: plan.cost,
      });
    return summary({
      runId,
      status: "dry_run",
      message: `Would make ${plan.cost.calls} call(s) for ${plan.cost.dataRequests} data request(s).`,
      ...totals,
      minimumDataRequests: plan.cost.minimumDataRequests,
      batches: { total: plan.batches.length, failed: 0, skipped: 0 },
      deferred: plan.deferred.length,
      plan: plan.cost,
    });
  } catch (error) {
    if (runId) await updateRun(runId, { status: "failed", message: String(error), finishedAt: new Date() });
    if (error instanceof UpstreamError) return summary({ runId, status: "failed", message: error.message });
    throw error;
  }
}
