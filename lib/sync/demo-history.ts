import "server-only";
import { z } from "zod";
import { findUnfinishedRun } from "@/lib/db/sync-runs";
import { SERVICES } from "@/lib/domain/services";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { runSync } from "./run";
import { createUpstreamClient, vendorCalendar } from "./upstream";

// The demo's history. On a fresh demo database `npm start` starts the bundled simulator some months
// back (DEMO_HISTORY_MONTHS) with its control API behind a token only this process knows; the first
// sync loads the catalogue as of then, and this replays each monthly release after it — clock moved
// to the release, one sync, as a scheduled sync against the vendor would have done — until today.
// Vintages, revisions and forecast errors then exist minutes after a first start. The syncs run on
// the simulator's clock, so quota periods and vintages follow the releases, not the wall clock.

const stateSchema = z.object({ now: z.string(), nextRelease: z.string().nullable().optional() }).loose();

async function control(path: string, body?: unknown): Promise<unknown> {
  const e = env();
  const res = await fetch(`${e.UPSTREAM_BASE_URL}/_control/${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", "x-control-token": e.SIMULATOR_CONTROL_TOKEN ?? "" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`simulator control ${path}: ${res.status}`);
  return res.json();
}

export type ReplayOutcome = "off" | "busy" | "replayed" | "caught-up";

/** Replays every release between the simulator's clock and now; safe to call on every tick. */
export async function replayDemoHistory(): Promise<ReplayOutcome> {
  const e = env();
  if (!e.UPSTREAM_BUNDLED || !e.SIMULATOR_CONTROL_TOKEN || !e.UPSTREAM_BASE_URL) return "off";
  let replayed = 0;
  for (;;) {
    if (await findUnfinishedRun()) return replayed ? "replayed" : "busy";
    const state = stateSchema.parse(await control("state"));
    const next = state.nextRelease ? new Date(state.nextRelease) : null;
    if (!next || next.getTime() > Date.now()) {
      // Caught up: the simulator goes on from today, as the vendor would.
      if (Date.parse(state.now) < Date.now() - 60_000)
        await control("clock", { now: new Date().toISOString() });
      if (replayed) log("sync").info({ releases: replayed }, "demo history replayed up to today");
      return replayed ? "replayed" : "caught-up";
    }
    await control("clock", { advance: "next-release" });
    // An hour after the release, as the monthly sync waits for it.
    const moved = stateSchema.parse(await control("clock", { advanceMs: 3_600_000 }));
    const offset = Date.parse(moved.now) - Date.now();
    const now = () => new Date(Date.now() + offset);
    // The bundled simulator keeps no windows and publishes at 10:00 Central (a client of the vendor
    // assumes its 22:00 deadline): quota periods then turn with each replayed release.
    const calendar = { ...vendorCalendar(), windows: false, releaseAt: { hour: 10, minute: 0 } };
    const client = createUpstreamClient({ now, calendar });
    // The quota report as of this release (the simulator reset it), whatever was reported before.
    for (const service of SERVICES) await client.dataLimits(service, { cause: "demo history" });
    const result = await runSync({ trigger: "schedule", client, now, requestedBy: "demo history" });
    log("sync").info(
      { release: moved.now.slice(0, 10), status: result.status },
      "demo history: release synced",
    );
    if (result.status !== "done" && result.status !== "partial") return replayed ? "replayed" : "busy";
    replayed++;
  }
}
