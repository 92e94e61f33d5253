import { describe, expect, it } from "vitest";
import { estimate, type IndexSeries, inCurrencies, spliceIndex } from "./estimate";
import type { PairFactor } from "./location-factors";

const de: IndexSeries = {
  code: "10-1-1",
  country: "Germany",
  specification: "Overall plant",
  points: [
    { month: "2020-01", value: 100, forecast: false },
    { month: "2024-01", value: 125, forecast: false },
    { month: "2026-06", value: 140, forecast: true },
  ],
};
const toFrance: PairFactor = {
  country: "France",
  value: 0.9,
  method: "derived",
  via: "United States",
  month: "2024-01",
  baseMonth: "2024-01",
  codes: ["20-1-1", "21-1-1"],
};
const input = {
  amount: 1_000_000,
  currency: "EUR",
  month: "2020-01",
  country: "Germany",
  targetMonth: "2024-01",
  targetCountry: "Germany",
};

describe("estimate", () => {
  it("escalates by index at target / index at source, in the same country with no relocation", () => {
    const r = estimate(input, [de], null);
    expect(r).toMatchObject({ ok: true, amount: 1_250_000, forecast: false });
    if (!r.ok) throw new Error();
    expect(r.steps).toHaveLength(1);
    expect(r.steps[0]).toMatchObject({
      step: "escalate",
      ratio: 1.25,
      from: { value: 100 },
      to: { value: 125 },
    });
  });
  it("then relocates with the location factor at the target month: 1,000,000 × 1.25 × 0.9", () => {
    const r = estimate({ ...input, targetCountry: "France" }, [de], toFrance);
    expect(r).toMatchObject({ ok: true, amount: 1_125_000 });
    if (!r.ok) throw new Error();
    expect(r.steps[1]).toMatchObject({ step: "relocate", factor: 0.9, method: "derived", amount: 1_125_000 });
  });
  it("uses a forecast month for a future date and says so: 1,000,000 × 140 / 100", () => {
    const r = estimate({ ...input, targetMonth: "2026-06" }, [de], null);
    expect(r).toMatchObject({ ok: true, amount: 1_400_000, forecast: true });
  });
  it("refuses a month the index does not have, naming the field and the range", () => {
    const r = estimate({ ...input, month: "2019-01" }, [de], null);
    expect(r).toMatchObject({ ok: false, field: "month" });
    if (r.ok) throw new Error();
    expect(r.reason).toContain("2020-01 to 2026-06");
  });
  it("refuses a country without a cost index or a pair without a factor", () => {
    expect(estimate(input, [], null)).toMatchObject({ ok: false, field: "country" });
    expect(estimate({ ...input, targetCountry: "France" }, [de], null)).toMatchObject({
      ok: false,
      field: "targetCountry",
    });
  });
});

describe("spliceIndex", () => {
  // The old series stops at 2024-03; its replacement starts at 2024-02 on a new base (2024-02: 80 vs 120).
  const old: IndexSeries = {
    code: "30-1-1",
    country: "Chile",
    specification: "Overall plant",
    points: [
      { month: "2024-01", value: 110, forecast: false },
      { month: "2024-02", value: 120, forecast: false },
      { month: "2024-03", value: 126, forecast: false },
    ],
  };
  const replacement: IndexSeries = {
    ...old,
    code: "31-1-1",
    points: [
      { month: "2024-02", value: 80, forecast: false },
      { month: "2024-03", value: 84, forecast: false },
      { month: "2024-04", value: 86, forecast: true },
    ],
  };
  it("scales the old series onto the replacement at the latest common month", () => {
    const { points, splices } = spliceIndex([old, replacement]);
    expect(splices).toEqual([{ from: "30-1-1", to: "31-1-1", month: "2024-03", ratio: 84 / 126 }]);
    expect(points.map((p) => [p.month, Math.round(p.value * 1000) / 1000, p.code])).toEqual([
      ["2024-01", 73.333, "30-1-1"],
      ["2024-02", 80, "31-1-1"],
      ["2024-03", 84, "31-1-1"],
      ["2024-04", 86, "31-1-1"],
    ]);
  });
  it("escalates across the splice: 1,000 from 2024-01 to 2024-04 = 1,000 × 86 / 73.333", () => {
    const r = estimate(
      {
        ...input,
        amount: 1000,
        country: "Chile",
        targetCountry: "Chile",
        month: "2024-01",
        targetMonth: "2024-04",
      },
      [old, replacement],
      null,
    );
    expect(r).toMatchObject({ ok: true, amount: 1172.73, forecast: true });
    if (!r.ok) throw new Error();
    expect(r.steps[0]).toMatchObject({ codes: ["30-1-1", "31-1-1"], splices: [{ month: "2024-03" }] });
  });
});

describe("inCurrencies", () => {
  it("converts with the rate a series stored in both currencies implies: 1,000 USD at 2.00 / 2.50 → 800 EUR", () => {
    expect(
      inCurrencies(1000, "USD", [
        { to: "EUR", code: "50-1-1", month: "2024-01", base: 2.5, quote: 2 },
        { to: "EUR", code: "51-1-1", month: "2023-12", base: 1, quote: 5 },
        { to: "USD", code: "52-1-1", month: "2024-01", base: 1, quote: 1 },
      ]),
    ).toEqual([
      { currency: "USD", amount: 1000 },
      { currency: "EUR", amount: 800, rate: 0.8, month: "2024-01", code: "50-1-1" },
    ]);
  });
  it("gives the amount's own currency alone when nothing converts it", () => {
    expect(inCurrencies(5, "JPY", [])).toEqual([{ currency: "JPY", amount: 5 }]);
  });
});
