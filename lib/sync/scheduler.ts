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

/** Starts ticking in this process (once). */
export function startScheduler(): void {
  const h = holder();
  if (h.timer) return;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await quotaHousekeeping(); // limits history and thresholds; never throws
      await housekeeping();
      // Outgoing notifications due for a (re)try, whatever the sync does; errors stay in the queue.
      await deliverDueNotifications().catch((error) =>
        logger().warn({ err: String(error) }, "notify failed"),
      );
      const outcome = await schedulerTick();
      if (outcome === "started" || outcome === "resumed")
        logger().info({ outcome }, "scheduled sync finished");
    } catch (error) {
      logger().error(
        { err: error instanceof Error ? error.message : String(error) },
        "scheduled sync failed",
      );
    } finally {
      running = false;
    }
  };
  h.timer = setInterval(tick, tickMs());
  h.timer.unref();
  setTimeout(tick, 2_000).unref();
}
