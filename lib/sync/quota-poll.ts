import "server-only";
import { acquireLease, findLease, releaseLease } from "@/lib/db/leases";
import { latestReportAt, pruneLimitsReports } from "@/lib/db/quota-history";
import { latestFinishedSync } from "@/lib/db/sync-runs";
import { giveCounter, takeCounter } from "@/lib/db/upstream-usage";
import { vendorDay, windowAt } from "@/lib/domain/calendar";
import { SERVICES } from "@/lib/domain/services";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import type { UpstreamClient } from "@/lib/upstream/client";
import { UpstreamError } from "@/lib/upstream/errors";
import { checkQuotaThresholds, type QuotaAlertSink } from "./quota-thresholds";
import { upstreamClient, upstreamConfigured } from "./upstream";

// Keeps the quota history fed at the least cost: one data-limits report per service after each
// finished sync and once a day (skipped when a report already came that day), never inside the
// vendor's windows; then checks the thresholds. Called on every scheduler tick of every instance:
// a one-use counter per occasion (QuotaCounter, limit 1) makes exactly one of them poll.

export type PollOutcome = "off" | "window" | "idle" | "after sync" | "daily poll" | "failed";

/**
 * After a failed poll no instance polls for this long (a lease all of them read), so a vendor that
 * is down is not asked on every tick of every instance.
 */
const RETRY_AFTER_MS = 15 * 60_000;
const PAUSE_LEASE = "limits-poll:paused";
/** Reports are kept this long: a year of history and the same month a year ago. */
const KEEP_REPORTS_MS = 400 * 86_400_000;
/** Refusals a later attempt cannot change (the plan lacks the report, a bad request): not retried. */
const FINAL_ERRORS = new Set(["forbidden", "bad_request", "not_found", "too_many_codes", "bad_response"]);

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
  const pause = await findLease(PAUSE_LEASE);
  if (pause && pause.leaseUntil > new Date()) return "idle";
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

/**
 * One report per service for this occasion. Each service has its own claim, so a retry asks only
 * the services that failed. A failure that may pass hands the occasion back for a later tick of
 * any instance, after the shared pause; a final refusal ends the occasion (the next one will ask).
 */
async function poll(client: UpstreamClient, key: string, cause: "after sync" | "daily poll") {
  for (const service of SERVICES) {
    const serviceKey = `${key}:${service}`;
    if (!(await claim(serviceKey))) continue;
    try {
      await client.dataLimits(service, { cause });
    } catch (error) {
      const final = error instanceof UpstreamError && FINAL_ERRORS.has(error.kind);
      if (!final) await Promise.all([giveCounter(serviceKey, 1), giveCounter(key, 1)]);
      await acquireLease(PAUSE_LEASE, "any instance", RETRY_AFTER_MS);
      throw error;
    }
  }
  return cause;
}

/** Tests: forget a failed poll's pause. */
export async function resetPollBackoff(): Promise<void> {
  await releaseLease(PAUSE_LEASE, "any instance");
}
