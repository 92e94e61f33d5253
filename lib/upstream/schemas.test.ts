import { describe, expect, it } from "vitest";
import { dataLimitsSchema, infoRecordSchema, seriesValuesSchema } from "./schemas";

const record = {
  code: "07214-8-1",
  assessment: "Natural gas, industrial, Germany",
  currency: "EUR",
  unit: "MWh",
  series_final_values: [
    { date: "2026-10-01", value: "41.2" },
    { date: "2026-09-01", value: 40 },
  ],
  series_forecast_values: [{ date: "2026-11-01", value: 42 }],
  updated_at: "2026-11-01",
  something_new: { nested: true },
};

describe("tolerant reader", () => {
  it("accepts numeric strings, any order and unknown fields, and sorts points oldest first", () => {
    const [r] = seriesValuesSchema.parse([record]);
    expect(r?.code).toBe("07214-8-1");
    expect(r?.series_final_values).toEqual([
      { date: "2026-09-01", value: 40 },
      { date: "2026-10-01", value: 41.2 },
    ]);
  });

  it("accepts booleans as True/False and more than six forecast months", () => {
    const info = infoRecordSchema.parse({
      code: "68520-8-1",
      assessment: "x",
      has_forecast: "True",
      has_preliminary: "False",
      series_hist_changed: "false",
    });
    expect([info.has_forecast, info.has_preliminary, info.series_hist_changed]).toEqual([true, false, false]);
    const nine = Array.from({ length: 9 }, (_, i) => ({ date: `2027-0${i + 1}-01`, value: 1 }));
    expect(
      seriesValuesSchema.parse([{ ...record, series_forecast_values: nine }])[0]?.series_forecast_values,
    ).toHaveLength(9);
  });

  it.each([
    ["a non-numeric value", { ...record, series_final_values: [{ date: "2026-10-01", value: "n/a" }] }],
    ["an impossible date", { ...record, series_final_values: [{ date: "2026-02-30", value: 1 }] }],
    ["a bad month", { ...record, series_final_values: [{ date: "2026-13-01", value: 1 }] }],
    [
      "a duplicate month",
      {
        ...record,
        series_final_values: [
          { date: "2026-10-01", value: 1 },
          { date: "2026-10-01", value: 2 },
        ],
      },
    ],
    ["a code that is not three numbers", { ...record, code: "68520-8" }],
  ])("rejects %s", (_, bad) => {
    expect(seriesValuesSchema.safeParse([bad]).success).toBe(false);
  });

  it("reads the data limits report with counts as strings", () => {
    expect(dataLimitsSchema.parse({ Germany: { remaining_requests: "590", total_requests: 600 } })).toEqual({
      Germany: { remaining_requests: 590, total_requests: 600 },
    });
  });
});
