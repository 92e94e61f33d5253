import "server-only";
import { noteSyncIssue } from "@/lib/db/assessments";
import { storeFetchedRecords } from "@/lib/db/observations";
import { markBatch, pendingBatches, saveBatchResponse } from "@/lib/db/sync-runs";
import type { ServiceName } from "@/lib/domain/services";
import type { UpstreamClient } from "@/lib/upstream/client";
import { UpstreamError } from "@/lib/upstream/errors";
import { seriesValuesSchema, type ValuesRecord } from "@/lib/upstream/schemas";
import type { LedgerEntry } from "@/lib/upstream/stores";
import { errorEffect } from "./error-policy";
import { toFetchedRecords } from "./records";
import { fetchSeriesValues } from "./vendor-plan";

// Executes a run's pending batches: fetch (charging the dataset quota, keeping the reserve), keep
// the answer on the batch, then write it in one transaction. A few batches are in flight at once
// so writing overlaps fetching; the shared rate limiter keeps the pace. Errors that concern one
// batch (bad data, a code outside the subscription, a short dataset budget) fail that batch only;
// errors that concern the vendor (window, quota, login, persistent failure) pause the whole run.

export type ExecuteProgress = {
  batchesDone: number;
  batchesTotal: number;
  observations: number;
  failed: number;
};

export type ExecuteResult =
  | { outcome: "done"; failed: number; skipped: number }
  | { outcome: "paused"; reason: string; retryAt: Date }
  | { outcome: "failed"; reason: string };

export type ExecuteOptions = {
  runId: string;
  client: UpstreamClient;
  datasetOf: (service: ServiceName, code: string) => string | undefined;
  reserve: number;
  concurrency: number;
  batchesTotal: number;
  batchesDoneBefore: number;
  onProgress?: (p: ExecuteProgress) => void;
  heartbeat: () => Promise<boolean>;
  now: () => Date;
};

export async function executeBatches(opts: ExecuteOptions): Promise<ExecuteResult> {
  const queue = await pendingBatches(opts.runId);
  let done = opts.batchesDoneBefore;
  let observations = 0;
  let failed = 0;
  let skipped = 0;
  let stop: ExecuteResult | null = null;

  const runOne = async (batch: (typeof queue)[number]) => {
    const service = batch.service as ServiceName;
    let fullHistory = batch.operation === "series_hist";
    let records: ValuesRecord[];
    if (batch.status === "fetched" && batch.response) {
      records = seriesValuesSchema.parse(batch.response);
    } else {
      const datasetOf: Record<string, string> = {};
      for (const code of batch.codes) {
        const d = opts.datasetOf(service, code);
        if (d) datasetOf[code] = d;
      }
      const request = {
        codes: batch.codes,
        currencyId: batch.currencyId ?? undefined,
        unitId: batch.unitId ?? undefined,
      };
      const ctx = {
        cause: "sync",
        syncRunId: opts.runId,
        charge: { datasetOf, floor: opts.reserve },
        onAnswer: (answer: ValuesRecord[], entry: LedgerEntry) => saveBatchResponse(batch.id, answer, entry),
      };
      ({ records, fullHistory } = await fetchSeriesValues(
        opts.client,
        service,
        fullHistory ? "series_hist" : "series",
        request,
        ctx,
      ));
    }
    const fetched = toFetchedRecords(
      records,
      { currencyId: batch.currencyId, unitId: batch.unitId, fullHistory },
      opts.now(),
    );
    const result = await storeFetchedRecords(service, fetched, opts.now(), {
      runId: opts.runId,
      batchId: batch.id,
    });
    observations += result.observations;
    // Codes the vendor left out of its answer are not loaded: say so, or nobody ever learns why.
    const answered = new Set(records.map((r) => r.code));
    const missing = batch.codes.filter((c) => !answered.has(c));
    if (missing.length)
      await noteSyncIssue(
        service,
        missing,
        "The vendor left this code out of its answer (no longer served to this subscription, or unknown to it).",
        opts.now(),
      );
  };

  const worker = async () => {
    while (!stop) {
      const batch = queue.shift();
      if (!batch) return;
      try {
        await runOne(batch);
        done++;
      } catch (error) {
        if (!(error instanceof UpstreamError)) {
          // Invalid stored answer or a database failure: the batch stays pending for the next attempt.
          stop ??= { outcome: "failed", reason: error instanceof Error ? error.message : String(error) };
          return;
        }
        const effect = errorEffect(error, opts.now());
        if (effect.effect === "fail-batch" || effect.effect === "skip-batch") {
          await markBatch(batch.id, effect.effect === "fail-batch" ? "failed" : "skipped", effect.reason);
          await noteSyncIssue(batch.service as ServiceName, batch.codes, effect.reason, opts.now());
          if (effect.effect === "fail-batch") failed++;
          else skipped++;
        } else if (effect.effect === "fail-run") {
          stop ??= { outcome: "failed", reason: effect.reason };
        } else {
          stop ??= { outcome: "paused", reason: effect.reason, retryAt: effect.retryAt };
        }
      }
      opts.onProgress?.({ batchesDone: done, batchesTotal: opts.batchesTotal, observations, failed });
      // Let waiting queries (users' pages) run between batches.
      await new Promise((r) => setTimeout(r, 10));
      if (!(await opts.heartbeat()))
        stop ??= { outcome: "failed", reason: "Lost the sync lease to another process." };
    }
  };

  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency) }, worker));
  if (stop) return stop;
  return { outcome: "done", failed, skipped };
}
