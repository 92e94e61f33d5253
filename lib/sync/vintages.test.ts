import { describe, expect, it } from "vitest";
import { diffVintage, incomingPoints, type OpenRow } from "./vintages";

const m = (s: string) => new Date(`${s}-01T00:00:00Z`);
const d = (s: string) => new Date(`${s}T00:00:00Z`);

describe("incomingPoints", () => {
  it("marks the newest final preliminary only where the series has preliminaries, and drops forecasts that overlap finals", () => {
    const finals = [
      { date: "2026-09-01", value: 1 },
      { date: "2026-10-01", value: 2 },
    ];
    const forecasts = [
      { date: "2026-10-01", value: 9 },
      { date: "2026-11-01", value: 3 },
    ];
    expect(incomingPoints(finals, forecasts, true).map((p) => p.kind)).toEqual([
      "final",
      "preliminary",
      "forecast",
    ]);
    expect(incomingPoints(finals, forecasts, false).map((p) => p.kind)).toEqual([
      "final",
      "final",
      "forecast",
    ]);
  });
});

describe("diffVintage", () => {
  const open: OpenRow[] = [
    { month: m("2026-09"), validFrom: d("2026-10-01"), kind: "final", value: 10 },
    { month: m("2026-10"), validFrom: d("2026-10-01"), kind: "forecast", value: 11 },
    { month: m("2026-11"), validFrom: d("2026-10-01"), kind: "forecast", value: 12 },
    { month: m("2026-12"), validFrom: d("2026-10-01"), kind: "forecast", value: 13 },
  ];

  it("changes nothing when the same data comes again", () => {
    const incoming = open.map(({ month, kind, value }) => ({ month, kind, value }));
    const diff = diffVintage(open, incoming, d("2026-10-01"));
    expect(diff.close).toEqual([]);
    expect(diff.insert).toEqual([]);
  });

  it("closes revised and superseded rows at the new vintage and inserts the new ones", () => {
    const incoming = [
      { month: m("2026-09"), kind: "final" as const, value: 10.5 }, // revised
      { month: m("2026-10"), kind: "final" as const, value: 11 }, // forecast became final, same value
      { month: m("2026-11"), kind: "forecast" as const, value: 12 }, // unchanged
      { month: m("2027-01"), kind: "forecast" as const, value: 14 }, // new month
    ];
    const diff = diffVintage(open, incoming, d("2026-11-01"));
    expect(diff.validTo).toEqual(d("2026-11-01"));
    expect(diff.close.map((c) => c.month.toISOString().slice(0, 7)).sort()).toEqual([
      "2026-09",
      "2026-10",
      "2026-12",
    ]);
    expect(diff.insert.map((r) => [r.month.toISOString().slice(0, 7), r.kind, r.value])).toEqual([
      ["2026-09", "final", 10.5],
      ["2026-10", "final", 11],
      ["2027-01", "forecast", 14],
    ]);
    expect(diff.insert.every((r) => r.validFrom.getTime() === d("2026-11-01").getTime())).toBe(true);
  });

  it("leaves months outside a Series Values answer alone", () => {
    const older = { month: m("2020-01"), validFrom: d("2020-02-01"), kind: "final" as const, value: 5 };
    const diff = diffVintage(
      [older, ...open],
      [{ month: m("2026-09"), kind: "final", value: 10 }],
      d("2026-11-01"),
    );
    expect(diff.close.some((c) => c.month.getTime() === older.month.getTime())).toBe(false);
  });

  it("moves the vintage forward when the vendor repeats an updated_at with a different value", () => {
    const diff = diffVintage(open, [{ month: m("2026-09"), kind: "final", value: 99 }], d("2026-10-01"));
    expect(diff.insert[0]?.validFrom.getTime()).toBe(d("2026-10-01").getTime() + 1);
  });
});
