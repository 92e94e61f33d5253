// One sync run, one shape from database to screen: the statuses a run and a batch go through, what
// started it, the plan's cost as stored on the run, and the view of a run that the admin API, the
// admin panel and the CLI all read. The Prisma enums of the same names hold the same values.
import { z } from "zod";

export const RUN_STATUSES = [
  "planning",
  "running",
  "waiting",
  "done",
  "partial",
  "failed",
  "dry_run",
] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
/** A run that is not over: planned or running, or waiting to resume. */
export const UNFINISHED_RUN_STATUSES = [
  "planning",
  "running",
  "waiting",
] as const satisfies readonly RunStatus[];
export const ACTIVE_RUN_STATUSES = ["planning", "running"] as const satisfies readonly RunStatus[];

export const BATCH_STATUSES = ["pending", "fetched", "done", "failed", "skipped"] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

export const SYNC_TRIGGERS = ["cli", "admin", "schedule", "startup", "bench", "test"] as const;
export type SyncTrigger = (typeof SYNC_TRIGGERS)[number];

export const DATA_OPERATIONS = ["series", "series_hist"] as const;
export type DataOperation = (typeof DATA_OPERATIONS)[number];

export const PLAN_REASONS = [
  "first load",
  "revised history",
  "gap beyond Series Values",
  "new data",
] as const;
export type PlanReason = (typeof PLAN_REASONS)[number];

const service = z.enum(["industry_economics", "energy_price"]);

/** The plan's cost, as stored on the run and shown before a sync (dry run). */
export const planCostSchema = z.object({
  calls: z.number().int(),
  dataRequests: z.number().int(),
  /** each code that needs data needs at least one data request */
  minimumDataRequests: z.number().int(),
  byDataset: z.array(
    z.object({
      service,
      /** null: codes whose dataset is not known yet (planned, not priced) */
      dataset: z.string().nullable(),
      needed: z.number().int(),
      planned: z.number().int(),
      available: z.number().int().nullable(),
    }),
  ),
  byReason: z.record(z.enum(PLAN_REASONS), z.number().int()),
  /** codes left for a later period because their dataset's budget is short */
  deferred: z.number().int().default(0),
});
export type PlanCost = z.infer<typeof planCostSchema>;

export const runViewSchema = z.object({
  id: z.string(),
  trigger: z.enum(SYNC_TRIGGERS),
  status: z.enum(RUN_STATUSES),
  dryRun: z.boolean(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  heartbeatAt: z.string(),
  requestedBy: z.string().nullable(),
  message: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  calls: z.number().int(),
  dataRequests: z.number().int(),
  minimumDataRequests: z.number().int(),
  assessments: z.number().int(),
  observations: z.number().int(),
  batches: z.object({
    total: z.number().int(),
    done: z.number().int(),
    failed: z.number().int(),
    skipped: z.number().int(),
    pending: z.number().int(),
  }),
  plan: planCostSchema.nullable(),
  failures: z.array(
    z.object({
      seq: z.number().int(),
      service,
      operation: z.enum(DATA_OPERATIONS),
      codes: z.number().int(),
      message: z.string().nullable(),
    }),
  ),
});
/** A sync run as the admin API, the admin panel and the CLI see it. */
export type RunView = z.infer<typeof runViewSchema>;

/** What a sync call answers: the run's outcome, or why it did not start. */
export const SYNC_OUTCOMES = ["done", "partial", "waiting", "failed", "busy", "dry_run", "skipped"] as const;
export type SyncOutcome = (typeof SYNC_OUTCOMES)[number];

export const syncSummarySchema = z.object({
  runId: z.string().nullable(),
  status: z.enum(SYNC_OUTCOMES),
  message: z.string(),
  resumed: z.boolean(),
  calls: z.number().int(),
  dataRequests: z.number().int(),
  minimumDataRequests: z.number().int(),
  assessments: z.number().int(),
  observations: z.number().int(),
  batches: z.object({ total: z.number().int(), failed: z.number().int(), skipped: z.number().int() }),
  deferred: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  plan: planCostSchema.nullable(),
});
export type SyncSummary = z.infer<typeof syncSummarySchema>;

/** A run that is not over, as the summary a sync call would have answered. */
export function summaryOfRun(run: RunView): SyncSummary {
  const outcome = run.status;
  return {
    runId: run.id,
    status: outcome === "planning" || outcome === "running" ? "waiting" : outcome,
    message: run.message ?? "",
    resumed: false,
    calls: run.calls,
    dataRequests: run.dataRequests,
    minimumDataRequests: run.minimumDataRequests,
    assessments: run.assessments,
    observations: run.observations,
    batches: { total: run.batches.total, failed: run.batches.failed, skipped: run.batches.skipped },
    deferred: run.plan?.deferred ?? 0,
    nextAttemptAt: run.nextAttemptAt,
    plan: run.plan,
  };
}

/** Planned or running (a waiting run is not active: it resumes later). */
export function isActiveRun(status: RunStatus): boolean {
  return (ACTIVE_RUN_STATUSES as readonly RunStatus[]).includes(status);
}
