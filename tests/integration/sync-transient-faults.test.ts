// A 503 or 500 outside the published windows is a fault of the moment: one costs its retry and
// nothing else; one that persists pauses the run with a resume time, and the scheduler finishes
// the run by itself once that time has come — nobody presses a button.
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { setProcessEnv } from "@/lib/env";
import { schedulerTick } from "@/lib/sync/scheduler";
import { setUpstreamClient } from "@/lib/sync/upstream";
import { testClient } from "../helpers/sync";
import {
  currentRowsAreUnique,
  dropScenarioDatabase,
  type Scenario,
  scenario,
} from "../helpers/sync-scenario";

let current: Scenario | undefined;
afterEach(async () => {
  setUpstreamClient(undefined);
  setProcessEnv({ UPSTREAM_BASE_URL: undefined, UPSTREAM_USERNAME: undefined, UPSTREAM_PASSWORD: undefined });
  await current?.close();
  current = undefined;
});
afterAll(dropScenarioDatabase);

describe(`transient vendor faults on ${process.env.TEST_DB_KIND}`, () => {
  it.each([
    [503, "unavailable"],
    [500, "server_error"],
  ])("a single %i mid-sync costs its retry and loses nothing", async (status, outcome) => {
    current = await scenario({ gatewayStyle: true });
    const { sim } = current;
    let injected = false;
    const result = await current.sync({
      concurrency: 1,
      onProgress: (p) => {
        if (p.phase === "batches" && !injected) {
          injected = true;
          void sim.control("PUT", "faults", {
            errorRate: 1,
            errorStatus: status,
            count: 1,
            operations: ["series_hist"],
          });
        }
      },
    });
    expect(result.status).toBe("done");
    expect(await prisma().upstreamCall.count({ where: { outcome } })).toBe(1);
    expect(result.dataRequests).toBe(result.minimumDataRequests);
    expect(Math.max(...(await current.paidPerCode()).values())).toBe(1);
    expect((await current.paidPerCode()).size).toBe(await current.listedCodes());
  });

  it("a 503 that persists pauses the run with a resume time, and the scheduler completes it by itself", async () => {
    current = await scenario({ gatewayStyle: true });
    const { sim } = current;
    setProcessEnv({ UPSTREAM_BASE_URL: sim.url, UPSTREAM_USERNAME: "demo", UPSTREAM_PASSWORD: "demo" });
    setUpstreamClient(testClient(sim, { retryBudgetMs: 3_000 }));
    await sim.control("PUT", "faults", { errorRate: 1, errorStatus: 503, operations: ["series_hist"] });
    const simNow = () => sim.state.clock.now();

    expect(await schedulerTick(simNow())).toBe("started");
    const paused = await prisma().syncRun.findFirstOrThrow({ orderBy: { startedAt: "desc" } });
    expect(paused.status).toBe("waiting");
    expect(paused.nextAttemptAt).not.toBeNull();
    const resumeAt = paused.nextAttemptAt as Date;
    expect(resumeAt.getTime()).toBeGreaterThan(simNow().getTime());
    // Retried within its budget, then gave up for now: a few attempts, not a hammering.
    const failedCalls = await prisma().upstreamCall.count({ where: { outcome: "unavailable" } });
    expect(failedCalls).toBeGreaterThanOrEqual(2);
    expect(failedCalls).toBeLessThanOrEqual(8);

    // Before its time, the scheduler leaves it alone; after, it resumes and finishes the run.
    expect(await schedulerTick(simNow())).toBe("busy");
    await sim.control("DELETE", "faults");
    await sim.control("POST", "clock", { advanceMs: resumeAt.getTime() - simNow().getTime() + 1_000 });
    expect(await schedulerTick(simNow())).toBe("resumed");
    const finished = await prisma().syncRun.findUniqueOrThrow({ where: { id: paused.id } });
    expect(finished.status).toBe("done");
    expect((await current.paidPerCode()).size).toBe(await current.listedCodes());
    expect(Math.max(...(await current.paidPerCode()).values())).toBe(1);
    expect(await currentRowsAreUnique()).toBe(true);
  });
});
