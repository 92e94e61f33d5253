import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { setProcessEnv } from "@/lib/env";
import { schedulerTick } from "@/lib/sync/scheduler";
import { setUpstreamClient } from "@/lib/sync/upstream";
import { testClient } from "../helpers/sync";
import { dropScenarioDatabase, type Scenario, scenario } from "../helpers/sync-scenario";

let s: Scenario;
beforeAll(async () => {
  s = await scenario({ size: 90 });
  setProcessEnv({ UPSTREAM_BASE_URL: s.sim.url, UPSTREAM_USERNAME: "demo", UPSTREAM_PASSWORD: "demo" });
  setUpstreamClient(testClient(s.sim));
});
afterAll(async () => {
  setUpstreamClient(undefined);
  setProcessEnv({ UPSTREAM_BASE_URL: undefined, UPSTREAM_USERNAME: undefined, UPSTREAM_PASSWORD: undefined });
  await s?.close();
  await dropScenarioDatabase();
});

const simNow = () => s.sim.state.clock.now();
const advance = (body: unknown) => s.sim.control("POST", "clock", body);

describe(`the scheduler on ${process.env.TEST_DB_KIND}`, () => {
  it("loads an empty database at once, then waits for the next release", async () => {
    expect(await schedulerTick(simNow())).toBe("started");
    expect(await prisma().assessment.count()).toBeGreaterThan(0);
    expect(await schedulerTick(simNow())).toBe("idle");
  });

  it("sends nothing inside a maintenance window", async () => {
    // The 25th of the month, 12:00 US Central: maintenance.
    const now = simNow();
    const inWindow = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 25, 18, 0));
    const calls = await prisma().upstreamCall.count();
    expect(await schedulerTick(inWindow)).toBe("window");
    expect(await prisma().upstreamCall.count()).toBe(calls);
  });

  it("runs the monthly sync once after the release, however many instances tick", async () => {
    await advance({ advance: "next-release" });
    await advance({ advanceMs: 14 * 3_600_000 }); // past the 22:00 deadline a client must assume
    const ticks = await Promise.all([
      schedulerTick(simNow()),
      schedulerTick(simNow()),
      schedulerTick(simNow()),
    ]);
    expect(ticks.filter((t) => t === "started")).toHaveLength(1);
    const monthly = await prisma().syncRun.findMany({ where: { scheduleKey: { startsWith: "monthly:" } } });
    expect(new Set(monthly.map((r) => r.scheduleKey)).size).toBe(monthly.length);
    expect(monthly.at(-1)?.message).toBe("Finished: everything the vendor changed is stored.");
    expect(monthly.at(-1)?.status).toBe("done");
    expect(await schedulerTick(simNow())).toBe("idle");
  });
});
