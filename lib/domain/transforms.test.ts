import { describe, expect, it } from "vitest";
import { applyTransform } from "./transforms";

const s = [
  { date: "2025-01-01", value: 100 },
  { date: "2025-02-01", value: 110 },
  { date: "2026-01-01", value: 120 },
  { date: "2026-02-01", value: 99 },
];

describe("applyTransform", () => {
  it("computes month-on-month only where the previous month exists", () => {
    expect(applyTransform(s, "mom")).toEqual([
      { date: "2025-02-01", value: 10 },
      { date: "2026-02-01", value: -17.5 },
    ]);
  });
  it("computes year-on-year against the same month a year earlier", () => {
    expect(applyTransform(s, "yoy")).toEqual([
      { date: "2026-01-01", value: 20 },
      { date: "2026-02-01", value: -10 },
    ]);
  });
  it("computes the absolute change on the previous month", () => {
    expect(applyTransform(s, "change")).toEqual([
      { date: "2025-02-01", value: 10 },
      { date: "2026-02-01", value: -21 },
    ]);
  });
  it("rebases to 100 at the chosen month and is empty when that month is missing", () => {
    expect(applyTransform(s, "rebase", s, "2025-02").map((p) => p.value)).toEqual([
      90.9091, 100, 109.0909, 90,
    ]);
    expect(applyTransform(s, "rebase", s, "2019-01")).toEqual([]);
  });
});
