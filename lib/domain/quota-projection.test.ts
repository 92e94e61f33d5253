import { describe, expect, it } from "vitest";
import { projectQuota, reachedThresholds, reconcile } from "./quota-projection";

// A 30-day period (November 2026, taken as starting at midnight UTC to keep the arithmetic plain).
const periodStart = new Date("2026-11-01T00:00:00Z");
const periodEnd = new Date("2026-12-01T00:00:00Z");
const at = (iso: string, remaining: number) => ({ at: new Date(iso), remaining, total: 600 });

describe("projectQuota", () => {
  it("carries the pace besides the refresh on to the period's end (hand-checked)", () => {
    // The refresh spent 200 codes on day 1; by day 10 the total spend is 290, so 90 codes in 10
    // days outside the refresh: 9 a day. 20 days left: 290 + 9 × 20 = 470 spent, 130 remain.
    const p = projectQuota({
      periodStart,
      periodEnd,
      total: 600,
      reports: [
        at("2026-11-11T00:00:00Z", 310),
        at("2026-11-01T04:00:00Z", 600),
        at("2026-11-02T00:00:00Z", 400),
        // the previous period's report is ignored
        at("2026-10-20T00:00:00Z", 12),
      ],
      refreshToCome: 0,
      refreshSpent: 200,
    });
    expect(p).toMatchObject({
      remainingNow: 310,
      spentSoFar: 290,
      pacePerDay: 9,
      projectedSpend: 470,
      projectedRemaining: 130,
      exhaustedAt: null,
    });
    expect(p.points).toEqual([
      { at: "2026-11-11T00:00:00.000Z", remaining: 310 },
      { at: "2026-12-01T00:00:00.000Z", remaining: 130 },
    ]);
  });

  it("adds the refresh still to come and says when the quota runs out", () => {
    // 50 codes in 5 days: 10 a day. 25 days left: 50 + 250 + 400 (refresh) = 700 > 600.
    // After the refresh 550 − 400 = 150 remain, gone in 15 days: on 21 November.
    const p = projectQuota({
      periodStart,
      periodEnd,
      total: 600,
      reports: [at("2026-11-06T00:00:00Z", 550)],
      refreshToCome: 400,
      refreshSpent: 0,
    });
    expect(p.pacePerDay).toBe(10);
    expect(p.projectedSpend).toBe(700);
    expect(p.projectedRemaining).toBe(-100);
    expect(p.exhaustedAt).toBe("2026-11-21T00:00:00.000Z");
    expect(p.points).toEqual([
      { at: "2026-11-06T00:00:00.000Z", remaining: 550 },
      { at: "2026-11-06T00:00:00.000Z", remaining: 150 },
      { at: "2026-11-21T00:00:00.000Z", remaining: 0 },
      { at: "2026-12-01T00:00:00.000Z", remaining: 0 },
    ]);
  });

  it("without a report this period, projects only the refresh", () => {
    const p = projectQuota({
      periodStart,
      periodEnd,
      total: 600,
      reports: [],
      refreshToCome: 120,
      refreshSpent: 0,
    });
    expect(p).toMatchObject({
      remainingNow: 600,
      pacePerDay: 0,
      projectedSpend: 120,
      projectedRemaining: 480,
    });
  });

  it("measures a pace over at least a day, so an early report does not explode it", () => {
    // 20 codes two hours in: 20 a day, not 240. 29 days 22 h left → 20 + 20 × 29.9167 = 618.3.
    const p = projectQuota({
      periodStart,
      periodEnd,
      total: 600,
      reports: [at("2026-11-01T02:00:00Z", 580)],
      refreshToCome: 0,
      refreshSpent: 0,
    });
    expect(p.pacePerDay).toBe(20);
    expect(p.projectedSpend).toBe(618);
    // 580 / 20 = 29 days after the report
    expect(p.exhaustedAt).toBe("2026-11-30T02:00:00.000Z");
  });
});

describe("reachedThresholds", () => {
  it("lists the thresholds reached, inclusive, and none for an empty quota", () => {
    expect(reachedThresholds(479, 600, [80, 95])).toEqual([]);
    expect(reachedThresholds(480, 600, [80, 95])).toEqual([80]);
    expect(reachedThresholds(600, 600, [80, 95])).toEqual([80, 95]);
    expect(reachedThresholds(5, 0, [80])).toEqual([]);
  });
});

describe("reconcile", () => {
  it("flags only what unknown-dataset codes cannot explain", () => {
    expect(reconcile(100, 100, 0).unexplained).toBe(0);
    expect(reconcile(140, 100, 0).unexplained).toBe(40);
    expect(reconcile(140, 100, 30).unexplained).toBe(10);
    expect(reconcile(90, 100, 0).unexplained).toBe(0);
  });
});
