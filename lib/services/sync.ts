import "server-only";
import { z } from "zod";
import { findUnfinishedRun } from "@/lib/db/sync-runs";
import type { SessionUser } from "@/lib/domain/roles";
import { isActiveRun, type RunView, type SyncSummary } from "@/lib/domain/sync-run";
import { AppError, conflict } from "@/lib/http/errors";
import { logger } from "@/lib/log";
import { unplannedAssessments, vendorFacts } from "@/lib/services/datasets";
import { currentOrLatestRun, recentRuns, runView } from "@/lib/sync/progress";
import { runSync } from "@/lib/sync/run";
import { syncSettings, updateSyncSettings } from "@/lib/sync/settings";
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
  void runSync({ trigger: "admin", requestedBy: user.email }).catch((error: unknown) =>
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

export { runView, syncSettings, updateSyncSettings };
