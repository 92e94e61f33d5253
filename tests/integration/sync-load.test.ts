import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { runSync } from "@/lib/sync/run";
import { installTestDatabase, type TestDatabase } from "../helpers/database";
import { startTestSimulator, type TestSimulator } from "../helpers/simulator";
import { testClient } from "../helpers/sync";

let db: TestDatabase;
let sim: TestSimulator;
beforeAll(async () => {
  db = await installTestDatabase();
  sim = await startTestSimulator({ size: 150, lifecycleFrom: "2025-01" });
});
afterAll(async () => {
  await sim?.close();
  await db?.drop();
});

const sync = (trigger: "test" = "test") =>
  runSync({ trigger, client: testClient(sim), now: () => sim.state.clock.now() });

describe(`sync on ${process.env.TEST_DB_KIND}`, () => {
  it("loads the whole subscription with one data request per code, in calls of at most 40 codes", async () => {
    const info =
      (await sim.json<unknown[]>("/industry_economics/v1/export/series")).length +
      (await sim.json<unknown[]>("/energy_price/v1/export/series")).length;
    await sim.control("POST", "quotas/reset");
    await sim.control("DELETE", "stats");
    const result = await sync();
    expect(result.status).toBe("done");
    expect(result.dataRequests).toBe(info);
    expect(result.minimumDataRequests).toBe(info);
    const histCalls = await prisma().upstreamCall.findMany({ where: { syncRunId: result.runId ?? "" } });
    const history = histCalls.filter((c) => c.operation === "series_hist");
    expect(history.every((c) => c.codes.length <= 40)).toBe(true);
    expect(history.length).toBe(result.batches.total);
    expect(await prisma().assessment.count()).toBe(info);
    const variants = await prisma().seriesVariant.findMany({ where: { isDefault: true } });
    expect(variants.length).toBe(info);
    expect(variants.every((v) => v.historyLoaded)).toBe(true);
    // A 20-year monthly history per series, from 2007-01.
    const first = await prisma().observation.findFirst({ orderBy: { month: "asc" } });
    expect(first?.month.toISOString().slice(0, 7)).toBe("2007-01");
    expect(result.observations).toBeGreaterThan(info * 200);
    // The simulator agrees on what was spent.
    const stats = (await sim.control("GET", "stats")) as Record<string, { dataRequests?: number }>;
    expect(JSON.stringify(stats)).toContain("series_hist");
    // The tables were vacuumed and analysed (the embedded database has no autovacuum): the planner
    // knows their sizes instead of "never analysed" (-1).
    const sizes = await prisma().$queryRaw<{ relname: string; reltuples: number }[]>`
      SELECT relname, reltuples::float8 AS reltuples FROM pg_class
      WHERE relname IN ('Assessment', 'Observation') AND relkind = 'r'
        AND relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())`;
    expect(sizes.find((r) => r.relname === "Assessment")?.reltuples).toBe(info);
    expect(sizes.find((r) => r.relname === "Observation")?.reltuples).toBeGreaterThan(info * 200);
  });

  it("spends nothing on a second sync when nothing changed", async () => {
    const result = await sync();
    expect(result.status).toBe("done");
    expect(result.dataRequests).toBe(0);
    expect(result.batches.total).toBe(0);
  });

  it("after a release fetches only what changed, with Series Values, keeping revised points as vintages", async () => {
    await sim.control("POST", "clock", { advance: "next-release" });
    await sim.control("POST", "clock", { advanceMs: 3_600_000 });
    const before = await prisma().observation.count();
    const result = await sync();
    expect(result.status).toBe("done");
    const calls = await prisma().upstreamCall.findMany({ where: { syncRunId: result.runId ?? "" } });
    const values = calls.filter((c) => c.operation === "series");
    expect(values.length).toBeGreaterThan(0);
    expect(result.dataRequests).toBe(result.minimumDataRequests);
    expect(await prisma().observation.count()).toBeGreaterThan(before);
    // Every (variant, month) has exactly one current row.
    const dupes = await prisma().$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM (SELECT "variantId", "month" FROM "Observation" WHERE "validTo" IS NULL
      GROUP BY 1, 2 HAVING count(*) > 1) d`;
    expect(Number(dupes[0]?.n)).toBe(0);
    // Some forecasts became finals: their forecast rows were closed, not overwritten.
    const closed = await prisma().observation.count({ where: { validTo: { not: null } } });
    expect(closed).toBeGreaterThan(0);
  });
});
