import { afterAll, afterEach, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { runView } from "@/lib/sync/progress";
import {
  currentRowsAreUnique,
  dropScenarioDatabase,
  type Scenario,
  scenario,
} from "../helpers/sync-scenario";

let current: Scenario | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

afterAll(dropScenarioDatabase);

describe(`sync under faults on ${process.env.TEST_DB_KIND}`, () => {
  it("pauses at a maintenance window met mid-sync, then resumes without paying any batch twice", async () => {
    current = await scenario();
    const { sim } = current;
    let injected = false;
    const first = await current.sync({
      concurrency: 1,
      onProgress: (p) => {
        if (p.phase === "batches" && !injected) {
          injected = true;
          void sim.control("PUT", "faults", { forceMaintenance: true });
        }
      },
    });
    expect(first.status).toBe("waiting");
    expect(first.message).toMatch(/unavailable/);
    expect(first.nextAttemptAt).not.toBeNull();
    // Unfinished, the run shows what it has spent so far (admins watch it during long syncs).
    const paused = await runView(first.runId as string);
    expect(paused?.calls).toBeGreaterThan(0);
    expect(paused?.dataRequests).toBe((await current.paidPerCode()).size);
    await sim.control("DELETE", "faults");
    const second = await current.sync();
    expect(second.status).toBe("done");
    expect(second.resumed).toBe(true);
    const paid = await current.paidPerCode();
    expect(paid.size).toBe(await current.listedCodes());
    expect(Math.max(...paid.values())).toBe(1);
    expect(await currentRowsAreUnique()).toBe(true);
  });

  it("logs in again once when the token expires mid-sync and carries on", async () => {
    current = await scenario();
    const { sim } = current;
    let expired = false;
    const result = await current.sync({
      concurrency: 1,
      onProgress: (p) => {
        if (p.phase === "batches" && !expired) {
          expired = true;
          void sim.control("POST", "tokens/expire");
        }
      },
    });
    expect(result.status).toBe("done");
    const unauthorized = await prisma().upstreamCall.count({ where: { outcome: "unauthorized" } });
    expect(unauthorized).toBeGreaterThanOrEqual(1);
    expect(Math.max(...(await current.paidPerCode()).values())).toBe(1);
  });

  it("rides out a 429 storm by waiting Retry-After", async () => {
    current = await scenario();
    await current.sim.control("PUT", "faults", { rateLimitStorm: 2, operations: ["series_hist"] });
    const result = await current.sync({ concurrency: 1 });
    expect(result.status).toBe("done");
    expect(await prisma().upstreamCall.count({ where: { outcome: "rate_limited" } })).toBe(2);
    expect(result.dataRequests).toBe(result.minimumDataRequests);
  });

  it("rejects a malformed batch whole, writes nothing of it, and fetches it on the next run", async () => {
    current = await scenario();
    await current.sim.control("PUT", "faults", {
      malformedRate: 1,
      malformedKind: "value",
      operations: ["series_hist"],
      count: 1,
    });
    const first = await current.sync({ concurrency: 1 });
    expect(first.message).toMatch(/failed/);
    expect(first.status).toBe("partial");
    expect(first.batches.failed).toBe(1);
    const failed = await prisma().syncBatch.findFirst({ where: { status: "failed" } });
    expect(failed?.message).toMatch(/bad_response/);
    const written = await prisma().seriesVariant.count({
      where: { assessment: { code: { in: failed?.codes ?? [] } } },
    });
    expect(written).toBe(0);
    const second = await current.sync();
    expect(second.status).toBe("done");
    expect(second.dataRequests).toBe(failed?.codes.length);
  });

  it("stops at the vendor's quota mid-sync and waits for the reset instead of hammering", async () => {
    current = await scenario();
    const { sim } = current;
    let exhausted = false;
    const first = await current.sync({
      concurrency: 1,
      onProgress: async (p) => {
        if (p.phase === "batches" && !exhausted) {
          exhausted = true;
          for (const country of ["United States", "Germany", "China", "Japan", "Brazil", "India"])
            for (const service of ["industry_economics", "energy_price"])
              await sim
                .control("POST", "quotas", { service, dataset: country, remaining: 0 })
                .catch(() => {});
        }
      },
    });
    expect(["waiting", "partial"]).toContain(first.status);
    const quotaCalls = await prisma().upstreamCall.count({ where: { outcome: "quota_reached" } });
    expect(quotaCalls).toBeLessThanOrEqual(1);
  });

  it("defers what the dataset budget cannot pay for, keeping the on-demand reserve", async () => {
    current = await scenario({ codeQuota: 40 });
    const result = await current.sync();
    expect(result.status).toBe("partial");
    expect(result.deferred).toBeGreaterThan(0);
    const budgets = await prisma().datasetBudget.findMany();
    // The reserve (30 by default) stays untouched in every dataset.
    expect(Math.min(...budgets.map((b) => b.remaining))).toBeGreaterThanOrEqual(30);
    expect(await prisma().upstreamCall.count({ where: { outcome: "quota_reached" } })).toBe(0);
  });

  it("lets only one of two simultaneous syncs run", async () => {
    current = await scenario();
    const [a, b] = await Promise.all([
      current.sync({ holder: "host-a:1:a" }),
      current.sync({ holder: "host-b:2:b" }),
    ]);
    expect([a.status, b.status].sort()).toEqual(["busy", "done"]);
    expect(Math.max(...(await current.paidPerCode()).values())).toBe(1);
  });

  it("understands the live gateway's error shapes", async () => {
    current = await scenario({ gatewayStyle: true });
    await current.sim.control("PUT", "faults", { rateLimitStorm: 1, operations: ["series_hist"] });
    const first = await current.sync({ concurrency: 1 });
    expect(first.status).toBe("done");
    await current.sim.control("POST", "clock", { advance: "next-release" });
    await current.sim.control("POST", "clock", { advanceMs: 3_600_000 });
    await current.sim.control("PUT", "faults", { forceMaintenance: true });
    const second = await current.sync();
    expect(second.status).toBe("waiting");
    expect(await prisma().upstreamCall.count({ where: { outcome: "rate_limited" } })).toBe(1);
    expect(await prisma().upstreamCall.count({ where: { outcome: "unavailable" } })).toBeGreaterThan(0);
  });
});
