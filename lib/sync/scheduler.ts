import "server-only";
import { countAssessments } from "@/lib/db/assessments";
import { findUnfinishedRun } from "@/lib/db/sync-runs";
import { releaseInstant, releasePeriod, windowAt } from "@/lib/domain/calendar";
import { monthToKey } from "@/lib/domain/months";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { deliverDueNotifications } from "@/lib/notify/deliver";
import { processSingleton } from "@/lib/process-singleton";
import { replayDemoHistory } from "./demo-history";
import { housekeeping } from "./housekeeping";
import { quotaHousekeeping } from "./quota-poll";
import { runSync } from "./run";
import { upstreamConfigured, vendorCalendar } from "./upstream";

// The monthly sync, run on its own once per release period after the release, outside the
// vendor's windows. Every instance ticks; the unique schedule key of the run makes exactly one of
// them start it, and the sync lease keeps any other run out while it works. A run that paused
// (window, quota) resumes here once its retry time has come.

/** Time after the (assumed) release before the monthly sync starts: an hour. */
const AFTER_RELEASE_MS = 60 * 60_000;

export type TickOutcome = "off" | "busy" | "window" | "idle" | "started" | "resumed";

const tickMs = () => env().SYNC_TICK_SECONDS * 1000;

export async function schedulerTick(now = new Date()): Promise<TickOutcome> {
  if (env().SYNC_SCHEDULE === "off" || !upstreamConfigured()) return "off";
  const rules = vendorCalendar();
  if (windowAt(now, rules)) return "window";
  const unfinished = await findUnfinishedRun();
  if (unfinished) {
    // A run whose holder stopped beating (killed, crashed) is taken over after two ticks.
    const stale = Date.now() - unfinished.heartbeatAt.getTime() > 2 * tickMs();
    const due =
      unfinished.status === "waiting" && (!unfinished.nextAttemptAt || unfinished.nextAttemptAt <= now);
    if (!due && !stale) return "busy";
    const result = await runSync({ trigger: "schedule" });
    return result.status === "busy" ? "busy" : "resumed";
  }
  // An empty database (first start) syncs at once; otherwise after the release.
  const firstLoad = env().SYNC_ON_START && (await countAssessments()) === 0;
  // A fresh demo replays the bundled simulator's past releases first (off against a vendor).
  if (!firstLoad && (await replayDemoHistory()) === "replayed") return "started";
  const period = releasePeriod(now, rules);
  if (!firstLoad && now.getTime() < releaseInstant(period, rules).getTime() + AFTER_RELEASE_MS) return "idle";
  const result = await runSync({
    trigger: firstLoad ? "startup" : "schedule",
    scheduleKey: `monthly:${monthToKey(period)}`,
  });
  return result.status === "skipped" || result.status === "busy" ? "idle" : "started";
}

const holder = () => processSingleton<{ timer?: NodeJS.Timeout }>("scheduler", () => ({}));

const errText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Starts ticking in this process (once). Two independent loops on the same beat: the sync (which
 * may run for an hour) and the chores (quota reports and thresholds, audit pruning, outgoing
 * notifications), so neither waits for the other — thresholds are checked while a sync spends.
 */
export function startScheduler(): void {
  const h = holder();
  if (h.timer) return;
  const syncTick = serialised("sync", async () => {
    const outcome = await schedulerTick();
    if (outcome === "started" || outcome === "resumed") logger().info({ outcome }, "scheduled sync finished");
  });
  const choresTick = serialised("chores", async () => {
    await quotaHousekeeping(); // limits history and thresholds; never throws
    await housekeeping();
    // Outgoing notifications due for a (re)try; a failure stays in the queue for the next tick.
    await deliverDueNotifications();
  });
  const tick = () => {
    void choresTick();
    void syncTick();
  };
  h.timer = setInterval(tick, tickMs());
  h.timer.unref();
  setTimeout(tick, 2_000).unref();
}

/** `work`, never twice at once in this process; an error is logged, never thrown to the timer. */
function serialised(name: string, work: () => Promise<void>): () => Promise<void> {
  let running = false;
  return async () => {
    if (running) return;
    running = true;
    try {
      await work();
    } catch (error) {
      logger().error({ err: errText(error) }, `scheduled ${name} failed`);
    } finally {
      running = false;
    }
  };
}
