import { describe, expect, it } from "vitest";
import { forecastAccuracy } from "./forecast-accuracy";
import { revisionsBetween, snapshotAt, summariseVintages, type VintageRow, vintageMatrix } from "./vintages";

// Three monthly publications of one series:
// V1: 2025-01 final 100; forecasts 2025-02 102, 2025-03 105
// V2: 2025-01 revised to 99; 2025-02 final 101; forecasts 2025-03 103, 2025-04 106
// V3: 2025-03 final 104; forecast 2025-04 unchanged (106, still the V2 row), 2025-05 108
const V1 = "2025-02-01T00:00:00.000Z";
const V2 = "2025-03-01T00:00:00.000Z";
const V3 = "2025-04-01T00:00:00.000Z";
const row = (month: string, kind: VintageRow["kind"], value: number, from: string, to: string | null) => ({
  month,
  kind,
  value,
  validFrom: from,
  validTo: to,
});
const rows: VintageRow[] = [
  row("2025-01", "final", 100, V1, V2),
  row("2025-01", "final", 99, V2, null),
  row("2025-02", "forecast", 102, V1, V2),
  row("2025-02", "final", 101, V2, null),
  row("2025-03", "forecast", 105, V1, V2),
  row("2025-03", "forecast", 103, V2, V3),
  row("2025-03", "final", 104, V3, null),
  row("2025-04", "forecast", 106, V2, null),
  row("2025-05", "forecast", 108, V3, null),
];

describe("vintages", () => {
  it("shows each vintage as it was published", () => {
    expect(snapshotAt(rows, V1).map((p) => p.value)).toEqual([100, 102, 105]);
    expect(snapshotAt(rows, V3).map((p) => p.value)).toEqual([99, 101, 104, 106, 108]);
  });
  it("summarises what each publication changed", () => {
    expect(summariseVintages(rows)).toEqual([
      { date: V1, lastFinal: "2025-01", newFinals: ["2025-01"], revised: [], forecasts: 2 },
      { date: V2, lastFinal: "2025-02", newFinals: ["2025-02"], revised: ["2025-01"], forecasts: 2 },
      { date: V3, lastFinal: "2025-03", newFinals: ["2025-03"], revised: [], forecasts: 1 },
    ]);
  });
  it("lists the revisions between two vintages with the change in %", () => {
    expect(revisionsBetween(rows, V1, V3)).toEqual([
      { month: "2025-01", old: 100, new: 99, changePct: -1 },
      { month: "2025-02", old: 102, new: 101, changePct: -0.9804 },
      { month: "2025-03", old: 105, new: 104, changePct: -0.9524 },
      { month: "2025-04", old: null, new: 106, changePct: null },
      { month: "2025-05", old: null, new: 108, changePct: null },
    ]);
    expect(revisionsBetween(rows, V3, V3)).toEqual([]);
  });
  it("lays every vintage out as a column", () => {
    const m = vintageMatrix(rows);
    expect(m.dates).toEqual([V1, V2, V3]);
    expect(m.rows[0]).toEqual(["2025-01", 100, 99, 99]);
    expect(m.rows[4]).toEqual(["2025-05", null, null, 108]);
  });
});

describe("forecastAccuracy", () => {
  const a = forecastAccuracy(rows);
  it("sets each vintage's forecasts beside the finals that arrived, by horizon", () => {
    expect(
      a.vintages.map((v) => [v.lastFinal, v.points.map((p) => [p.horizon, p.forecast, p.final])]),
    ).toEqual([
      [
        "2025-01",
        [
          [1, 102, 101],
          [2, 105, 104],
        ],
      ],
      [
        "2025-02",
        [
          [1, 103, 104],
          [2, 106, null],
        ],
      ],
      [
        "2025-03",
        [
          [1, 106, null],
          [2, 108, null],
        ],
      ],
    ]);
    expect(a.vintages[0]?.points[0]?.errorPct).toBe(0.9901); // (102 − 101) / 101
  });
  it("gives mean absolute % error, bias and count per horizon", () => {
    // 1 month ahead: +0.9901 % and −0.9615 % (103 vs 104); 2 months ahead: +0.9615 % (105 vs 104).
    expect(a.byHorizon).toEqual([
      { horizon: 1, count: 2, mape: 0.9758, bias: 0.0143 },
      { horizon: 2, count: 1, mape: 0.9615, bias: 0.9615 },
    ]);
    expect(a.overall).toEqual({ count: 3, mape: 0.971, bias: 0.33 });
  });
  it("has no errors for a series whose forecasts have not met a final yet", () => {
    expect(
      forecastAccuracy(rows.filter((r) => r.validFrom === V1 && r.kind === "forecast")).overall,
    ).toBeNull();
  });
});
