import "server-only";
import { z } from "zod";
import { writeAudit } from "@/lib/db/audit";
import { findUnfinishedRun } from "@/lib/db/sync-runs";
import { changedFields } from "@/lib/domain/audit";
import type { SessionUser } from "@/lib/domain/roles";
import { isActiveRun, type RunView, type SyncSummary } from "@/lib/domain/sync-run";
import { AppError, conflict } from "@/lib/http/errors";
import { logger } from "@/lib/log";
import { unplannedAssessments, vendorFacts } from "@/lib/services/datasets";
import { currentOrLatestRun, recentRuns, runView } from "@/lib/sync/progress";
import { runSync } from "@/lib/sync/run";
import {
  type SyncSettings,
  updateSyncSettings as storeSyncSettings,
  syncSettings,
} from "@/lib/sync/settings";
import { upstreamConfigured } from "@/lib/sync/upstream";

export const startSyncSchema = z.object({ dryRun: z.boolean().optional().default(false) }).strict();

/**
 * A dry run answers with the plan and its cost. A real run starts in the background and answers
 * at once; its progress is stored per batch (GET /api/admin/sync).
 */
export async function startSync(
  user: SessionUser,
  input: z.infer<typeof startSyncSchema>,
): Promise<SyncSummary | { status: "started"; message: string }> {
  if (!upstreamConfigured()) throw new AppError(503, "upstream_unavailable", "No upstream is configured.");
  if (input.dryRun) return runSync({ trigger: "admin", dryRun: true, requestedBy: user.email });
  const unfinished = await findUnfinishedRun();
  if (unfinished && isActiveRun(unfinished.status)) {
    if (Date.now() - unfinished.heartbeatAt.getTime() < 120_000)
      throw conflict("A sync is already running.", { runId: unfinished.id });
  }
  // The command-line token acts for the machine: its runs are "cli" runs, with no account behind them.
  const cli = user.id === "cli";
  void runSync({
    trigger: cli ? "cli" : "admin",
    requestedBy: cli ? "cli" : user.email,
    actorId: cli ? null : user.id,
  }).catch((error: unknown) =>
    logger().error({ err: error instanceof Error ? error.message : String(error) }, "sync failed"),
  );
  return { status: "started", message: "The sync has started; follow its progress here." };
}

/** The current (or latest) run: cheap enough to poll every second or two. */
export async function syncProgress(): Promise<{ current: RunView | null }> {
  return { current: await currentOrLatestRun() };
}

export async function syncOverview() {
  const [current, runs, settings, unplanned, vendor] = await Promise.all([
    currentOrLatestRun(),
    recentRuns(20),
    syncSettings(),
    unplannedAssessments(),
    vendorFacts(),
  ]);
  return { current, runs, settings, unplanned: unplanned.items, unplannedTotal: unplanned.total, vendor };
}

/** Changes the sync settings and audits what changed (old and new values). */
export async function updateSyncSettings(patch: unknown, user: SessionUser): Promise<SyncSettings> {
  const before = await syncSettings();
  const next = await storeSyncSettings(patch, user.email);
  const changed = changedFields(before, next);
  if (Object.keys(changed).length)
    await writeAudit({ actorId: user.id, action: "settings.update", target: "sync", details: changed });
  return next;
}

export { runView, syncSettings };
