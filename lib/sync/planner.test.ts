import { describe, expect, it } from "vitest";
import { buildPlan, decide, type PlanInput, planFetches } from "./planner";

const d = (s: string) => new Date(`${s}T00:00:00Z`);
const loaded = {
  currencyId: null,
  unitId: null,
  isDefault: true,
  historyLoaded: true,
  upstreamUpdatedAt: d("2026-10-01"),
  lastFinal: d("2026-09-01"),
};
const input = (over: Partial<PlanInput> = {}): PlanInput => ({
  service: "energy_price",
  code: "1-1-1",
  coverage: "Germany",
  dataset: "Germany",
  updatedAt: d("2026-11-01"),
  lastAvailableFinal: d("2026-10-01"),
  seriesHistChanged: false,
  variants: [loaded],
  ...over,
});

describe("decide", () => {
  it("loads history first, values after a release, history again after a revision or a long gap, else nothing", () => {
    expect(decide(input(), undefined)?.operation).toBe("series_hist");
    expect(decide(input(), loaded)).toEqual({ operation: "series", reason: "new data" });
    expect(decide(input({ seriesHistChanged: true }), loaded)?.reason).toBe("revised history");
    expect(
      decide(input({ lastAvailableFinal: d("2027-10-01"), updatedAt: d("2027-11-01") }), loaded)?.reason,
    ).toBe("gap beyond Series Values");
    expect(
      decide(input({ updatedAt: d("2026-10-01"), lastAvailableFinal: d("2026-09-01") }), loaded),
    ).toBeNull();
  });
});

describe("buildPlan", () => {
  const many = Array.from({ length: 90 }, (_, i) => input({ code: `1-1-${i}`, variants: [] }));

  it("groups codes into calls of at most 40 and costs exactly one data request per code", () => {
    const plan = buildPlan(planFetches(many), null, 0);
    expect(plan.batches.map((b) => b.codes.length)).toEqual([40, 40, 10]);
    expect(plan.cost.dataRequests).toBe(90);
    expect(plan.cost.minimumDataRequests).toBe(90);
  });

  it("defers what a dataset cannot pay for after the reserve", () => {
    const plan = buildPlan(
      planFetches(many),
      [{ service: "energy_price", dataset: "Germany", remaining: 60, total: 600 }],
      30,
    );
    expect(plan.cost.dataRequests).toBe(30);
    expect(plan.deferred).toHaveLength(60);
  });

  it("interleaves services so each one's rate limit is used side by side", () => {
    const both = [...many, ...many.map((m) => ({ ...m, service: "industry_economics" as const }))];
    const plan = buildPlan(planFetches(both), null, 0);
    expect(
      plan.batches
        .slice(0, 2)
        .map((b) => b.service)
        .sort(),
    ).toEqual(["energy_price", "industry_economics"]);
  });
});
