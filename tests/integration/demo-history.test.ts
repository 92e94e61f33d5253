// A fresh demo replays the bundled simulator's past releases, so vintages, revisions and forecast
// errors exist minutes after the first start: each release synced as the monthly sync would have.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { setProcessEnv } from "@/lib/env";
import { schedulerTick } from "@/lib/sync/scheduler";
import { setUpstreamClient } from "@/lib/sync/upstream";
import { testClient } from "../helpers/sync";
import { dropScenarioDatabase, type Scenario, scenario } from "../helpers/sync-scenario";

const TOKEN = "a-control-token-only-the-app-knows";
let s: Scenario;

beforeAll(async () => {
  const past = new Date();
  past.setUTCMonth(past.getUTCMonth() - 4);
  s = await scenario({ size: 60, clock: past.toISOString(), controlToken: TOKEN, windows: false });
  setProcessEnv({
    UPSTREAM_BASE_URL: s.sim.url,
    UPSTREAM_USERNAME: "demo",
    UPSTREAM_PASSWORD: "demo",
    UPSTREAM_BUNDLED: "1",
    UPSTREAM_WINDOWS: "0",
    SIMULATOR_CONTROL_TOKEN: TOKEN,
  });
  // The first sync uses the app's own client (the wall clock), as npm start's does.
  setUpstreamClient(testClient(s.sim, { now: () => new Date() }));
});
afterAll(async () => {
  setUpstreamClient(undefined);
  setProcessEnv({
    UPSTREAM_BASE_URL: undefined,
    UPSTREAM_USERNAME: undefined,
    UPSTREAM_PASSWORD: undefined,
    UPSTREAM_BUNDLED: undefined,
    UPSTREAM_WINDOWS: undefined,
    SIMULATOR_CONTROL_TOKEN: undefined,
  });
  await s?.close();
  await dropScenarioDatabase();
});

describe(`the demo's history on ${process.env.TEST_DB_KIND}`, () => {
  it("loads the catalogue as of months ago, then replays each release up to today", async () => {
    expect(await schedulerTick()).toBe("started");
    expect(await schedulerTick()).toBe("started");
    const runs = await prisma().syncRun.findMany({ where: { dryRun: false }, orderBy: { startedAt: "asc" } });
    // The first load and four (or five) monthly releases, each complete and at the minimum cost.
    expect(runs.length).toBeGreaterThanOrEqual(5);
    for (const r of runs) {
      expect(r.status).toBe("done");
      expect(r.dataRequests).toBe(r.minimumDataRequests);
    }
    // Vintages exist: revised values were kept, forecasts of past vintages too.
    expect(await prisma().observation.count({ where: { validTo: { not: null } } })).toBeGreaterThan(0);
    const vintages = await prisma().observation.groupBy({ by: ["validFrom"], _count: { _all: true } });
    expect(vintages.length).toBeGreaterThanOrEqual(5);
    // Caught up: the simulator runs from today, and the next tick replays nothing more.
    const state = (await (
      await fetch(`${s.sim.url}/_control/state`, { headers: { "x-control-token": TOKEN } })
    ).json()) as { now: string };
    expect(Math.abs(Date.parse(state.now) - Date.now())).toBeLessThan(120_000);
    expect(await schedulerTick()).toBe("idle");
  }, 240_000);
});
