import "server-only";
import { latestReportAt, pruneLimitsReports } from "@/lib/db/quota-history";
import { latestFinishedSync } from "@/lib/db/sync-runs";
import { giveCounter, takeCounter } from "@/lib/db/upstream-usage";
import { vendorDay, windowAt } from "@/lib/domain/calendar";
import { SERVICES } from "@/lib/domain/services";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { processSingleton } from "@/lib/process-singleton";
import type { UpstreamClient } from "@/lib/upstream/client";
import { checkQuotaThresholds, type QuotaAlertSink } from "./quota-thresholds";
import { upstreamClient, upstreamConfigured } from "./upstream";

// Keeps the quota history fed at the least cost: one data-limits report per service after each
// finished sync and once a day (skipped when a report already came that day), never inside the
// vendor's windows; then checks the thresholds. Called on every scheduler tick of every instance:
// a one-use counter per occasion (QuotaCounter, limit 1) makes exactly one of them poll.

export type PollOutcome = "off" | "window" | "idle" | "after sync" | "daily poll" | "failed";

/** A failed poll is tried again after this long (not on every tick while the vendor is down). */
const RETRY_AFTER_MS = 15 * 60_000;
/** Reports are kept this long: a year of history and the same month a year ago. */
const KEEP_REPORTS_MS = 400 * 86_400_000;
const backoff = () => processSingleton<{ until: number }>("limitsPollBackoff", () => ({ until: 0 }));

/** Asks the vendor's data-limits report of each service (one call each); each report is kept. */
export async function pollLimits(client: UpstreamClient, cause: string, userId?: string): Promise<void> {
  for (const service of SERVICES) await client.dataLimits(service, { cause, userId });
}

export type HousekeepingOptions = { client?: UpstreamClient; now?: Date; sink?: QuotaAlertSink };

export async function quotaHousekeeping(opts: HousekeepingOptions = {}): Promise<PollOutcome> {
  try {
    const outcome = await pollIfDue(opts);
    await checkQuotaThresholds(opts.now ?? opts.client?.now() ?? new Date(), opts.sink);
    return outcome;
  } catch (error) {
    // Never stops the scheduler's tick: logged, retried later.
    log("quota").warn(
      { err: error instanceof Error ? error.message : String(error) },
      "quota housekeeping failed",
    );
    return "failed";
  }
}

async function pollIfDue(opts: HousekeepingOptions): Promise<PollOutcome> {
  // The sandbox's data-limits path is not published: nothing to poll there.
  if (!upstreamConfigured() || env().UPSTREAM_SANDBOX) return "off";
  const client = opts.client ?? upstreamClient();
  const now = opts.now ?? client.now();
  if (windowAt(now, client.calendar)) return "window";
  if (Date.now() < backoff().until) return "idle";
  const sync = await latestFinishedSync();
  if (sync && (await claim(`limits-poll:after-sync:${sync.id}`)))
    return poll(client, `limits-poll:after-sync:${sync.id}`, "after sync");
  const day = vendorDay(now);
  if (!(await claim(`limits-poll:daily:${day}`))) return "idle";
  await pruneLimitsReports(new Date(now.getTime() - KEEP_REPORTS_MS));
  // A report already came today (a sync's budget check, a probe, an admin): no need to ask again.
  const last = await latestReportAt();
  if (last && vendorDay(last) === day) return "idle";
  return poll(client, `limits-poll:daily:${day}`, "daily poll");
}

const claim = (key: string) => takeCounter(key, 1, 1);

async function poll(client: UpstreamClient, key: string, cause: "after sync" | "daily poll") {
  try {
    await pollLimits(client, cause);
    return cause;
  } catch (error) {
    // Handed back so the next tick (of any instance) tries again, after a pause.
    await giveCounter(key, 1);
    backoff().until = Date.now() + RETRY_AFTER_MS;
    throw error;
  }
}

/** Tests: forget a failed poll's pause. */
export function resetPollBackoff(): void {
  backoff().until = 0;
}
