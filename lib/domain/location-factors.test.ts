import { describe, expect, it } from "vitest";
import { FactorIndex, type FactorSeries, referenceFromDetails, valueAtOrBefore } from "./location-factors";

const s = (
  code: string,
  country: string,
  reference: string | null,
  points: [string, number][],
  status = "active",
): FactorSeries => ({
  service: "industry_economics",
  code,
  country,
  reference,
  status,
  points: points.map(([month, value]) => ({ month, value })),
});

// Against the United States: Germany 1.20, Japan 1.50, India 0.60 (2025-01); Germany 1.25 from 2025-04.
// Published directly: Japan against Germany 1.30 (the vendor's own figure, not 1.50 / 1.20 = 1.25).
const series = [
  s("1-1-1", "Germany", "United States", [
    ["2025-01", 1.2],
    ["2025-04", 1.25],
  ]),
  s("2-1-1", "Japan", "United States", [["2025-01", 1.5]]),
  s("3-1-1", "India", "United States", [["2025-04", 0.6]]),
  s("4-1-2", "Japan", "Germany", [["2025-01", 1.3]]),
  s("5-1-9", "Peru", null, [["2025-01", 0.9]]),
];
const index = new FactorIndex(series);

describe("referenceFromDetails", () => {
  it("reads the vendor's wording and gives null for wording it does not know", () => {
    expect(referenceFromDetails("Relative to United States = 1.00")).toBe("United States");
    expect(referenceFromDetails("relative to the United Kingdom (=1)")).toBe("United Kingdom");
    expect(referenceFromDetails("Index, US basis")).toBeNull();
    expect(referenceFromDetails(null)).toBeNull();
  });
});

describe("valueAtOrBefore", () => {
  const pts = [
    { month: "2025-01", value: 1 },
    { month: "2025-04", value: 2 },
  ];
  it("takes the month asked or the latest before it, never a later one", () => {
    expect(valueAtOrBefore(pts, "2025-04")?.value).toBe(2);
    expect(valueAtOrBefore(pts, "2025-03")).toEqual({ month: "2025-01", value: 1 });
    expect(valueAtOrBefore(pts, "2024-12")).toBeNull();
  });
});

describe("FactorIndex", () => {
  it("gives the base country itself 1", () => {
    expect(index.pair("Germany", "Germany", "2025-06")).toMatchObject({ value: 1, method: "base" });
  });
  it("relative to the vendor's reference: the published factors", () => {
    const us = index.relativeTo("United States", "2025-06");
    expect(us.map((p) => [p.country, p.value])).toEqual([
      ["Japan", 1.5],
      ["Germany", 1.25],
      ["United States", 1],
      ["India", 0.6],
    ]);
    expect(us.find((p) => p.country === "Germany")).toMatchObject({ method: "direct", month: "2025-04" });
  });
  it("derives A→B = LF_B / LF_A through the common reference, with the months used", () => {
    // India against Germany in 2025-06: 0.60 / 1.25 = 0.48.
    expect(index.pair("Germany", "India", "2025-06")).toMatchObject({
      value: 0.48,
      method: "derived",
      via: "United States",
      month: "2025-04",
      baseMonth: "2025-04",
      codes: ["3-1-1", "1-1-1"],
    });
    // The United States against Germany in 2025-02 (Germany's 2025-04 value is not out yet): 1 / 1.2.
    expect(index.pair("Germany", "United States", "2025-02")).toMatchObject({
      value: 0.833333,
      baseMonth: "2025-01",
    });
  });
  it("uses a pair the vendor publishes directly as published and marks it", () => {
    expect(index.pair("Germany", "Japan", "2025-06")).toMatchObject({
      value: 1.3,
      method: "direct",
      codes: ["4-1-2"],
    });
    // The reverse pair is not published: derived through the United States, 1.20 / 1.50.
    expect(index.pair("Japan", "Germany", "2025-02")).toMatchObject({ value: 0.8, method: "derived" });
  });
  it("leaves out a country with no value on or before the month", () => {
    expect(index.pair("United States", "India", "2025-03")).toBeNull();
    expect(index.relativeTo("United States", "2025-03").map((p) => p.country)).not.toContain("India");
  });
  it("never guesses a reference it could not read", () => {
    expect(index.unknownReference.map((x) => x.code)).toEqual(["5-1-9"]);
    expect(index.countries).not.toContain("Peru");
  });
  it("carries a discontinued series on in its replacement; the active one wins a shared month", () => {
    const chained = new FactorIndex([
      s(
        "6-1-1",
        "Chile",
        "United States",
        [
          ["2024-10", 0.7],
          ["2025-01", 0.71],
        ],
        "discontinued",
      ),
      s("7-1-1", "Chile", "United States", [
        ["2025-01", 0.72],
        ["2025-04", 0.74],
      ]),
    ]);
    expect(chained.pair("United States", "Chile", "2024-12")).toMatchObject({ value: 0.7, codes: ["6-1-1"] });
    expect(chained.pair("United States", "Chile", "2025-02")).toMatchObject({
      value: 0.72,
      codes: ["7-1-1"],
    });
    expect(chained.trend("United States", "Chile", chained.months()).map((p) => p.value)).toEqual([
      0.7, 0.72, 0.74,
    ]);
  });
});
