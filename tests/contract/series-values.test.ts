import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monthIndex, parseMonth } from "@/lib/domain/months";
import { currencyByName, unitByName } from "@/lib/domain/reference";
import {
  type InfoRecord,
  startTestSimulator,
  type TestSimulator,
  type ValuesRecord,
} from "../helpers/simulator";

let sim: TestSimulator;
let ie: InfoRecord[];
let ep: InfoRecord[];
beforeAll(async () => {
  sim = await startTestSimulator({ size: 800 });
  ie = await sim.json<InfoRecord[]>("/industry_economics/v1/export/series");
  ep = await sim.json<InfoRecord[]>("/energy_price/v1/export/series");
});
afterAll(() => sim.close());

const significant = (v: number) => {
  const digits = String(Math.abs(v)).replace(".", "").replace(/^0+/, "").replace(/0+$/, "");
  return digits.length;
};
const months = (points: { date: string }[]) => points.map((p) => parseMonth(p.date) as number);

describe.each([
  ["Series Values", "series", 13],
  ["Series Values History", "series_hist", null],
] as const)("%s", (_, op, expectedFinals) => {
  it("returns one record per code with finals newest first up to last_available_final", async () => {
    const sample = [...ep.slice(0, 3), ...ie.slice(0, 3)];
    for (const service of ["energy_price", "industry_economics"] as const) {
      const records = sample.filter((r) => (service === "energy_price" ? ep : ie).includes(r));
      const body = await sim.json<ValuesRecord[]>(
        `/${service}/v1/export/${op}/${records.map((r) => r.code).join(",")}`,
      );
      expect(body.map((r) => r.code)).toEqual(records.map((r) => r.code));
      for (const [i, rec] of body.entries()) {
        const info = records[i] as InfoRecord;
        const finals = months(rec.series_final_values);
        expect(finals[0]).toBe(parseMonth(info.last_available_final));
        for (let k = 1; k < finals.length; k++) expect(finals[k]).toBe((finals[k - 1] as number) - 1);
        if (expectedFinals) expect(finals.length).toBe(expectedFinals);
        else expect(finals.at(-1)).toBe(monthIndex(2007, 1));
        expect(rec.currency).toBe(info.default_currency);
        expect(rec.unit).toBe(info.default_unit);
        expect(rec.updated_at).toBe(info.updated_at);
      }
    }
  });

  it("gives 6 forecast months after the last final where has_forecast, none otherwise", async () => {
    const withF = ep.find((r) => r.has_forecast) as InfoRecord;
    const without = ep.find((r) => !r.has_forecast) as InfoRecord;
    const [a, b] = await sim.json<ValuesRecord[]>(
      `/energy_price/v1/export/${op}/${withF.code},${without.code}`,
    );
    const f = months(a?.series_forecast_values ?? []);
    const last = parseMonth(withF.last_available_final) as number;
    expect(f).toEqual([last + 6, last + 5, last + 4, last + 3, last + 2, last + 1]);
    expect(b?.series_forecast_values).toEqual([]);
  });

  it("publishes finals to 3 significant figures and forecasts to 2", async () => {
    const codes = ep.filter((r) => r.has_forecast).slice(0, 10);
    const body = await sim.json<ValuesRecord[]>(
      `/energy_price/v1/export/${op}/${codes.map((r) => r.code).join(",")}`,
    );
    for (const rec of body) {
      for (const p of rec.series_final_values) expect(significant(p.value)).toBeLessThanOrEqual(3);
      for (const p of rec.series_forecast_values) expect(significant(p.value)).toBeLessThanOrEqual(2);
    }
  });
});

describe("request syntax", () => {
  it.each([
    [
      "more than 40 codes",
      () => Array.from({ length: 41 }, (_, i) => `1-1-${i}`).join(","),
      400,
      "too_many_codes",
    ],
    ["a malformed code", () => "12345-8", 400, "bad_request"],
    ["an unknown currency ID", () => `${ep[0]?.code}&c=7`, 400, "bad_request"],
    ["a non-numeric unit", () => `${ep[0]?.code}&u=kg`, 400, "bad_request"],
  ])("refuses %s", async (_, codes, status, error) => {
    const res = await sim.get(`/energy_price/v1/export/series/${codes()}`);
    expect(res.status).toBe(status);
    expect(((await res.json()) as { error: string }).error).toBe(error);
  });

  it("leaves unknown codes out of the array", async () => {
    const body = await sim.json<ValuesRecord[]>(`/energy_price/v1/export/series/${ep[0]?.code},99999-99-9`);
    expect(body.map((r) => r.code)).toEqual([ep[0]?.code]);
  });

  it("accepts 40 codes in one call", async () => {
    const codes = ep.slice(0, 40).map((r) => r.code);
    expect((await sim.json<ValuesRecord[]>(`/energy_price/v1/export/series/${codes.join(",")}`)).length).toBe(
      40,
    );
  });
});

describe("currency and unit conversion", () => {
  const id = (list: "c" | "u", name: string) =>
    list === "c" ? currencyByName(name)?.id : unitByName(name)?.id;

  it("converts energy units exactly and currencies by a monthly rate, c and u combined", async () => {
    const power = ep.find((r) => r.available_units.includes("kWh") && r.default_unit === "MWh") as InfoRecord;
    const base = await sim.json<ValuesRecord[]>(`/energy_price/v1/export/series_hist/${power.code}`);
    const kwh = await sim.json<ValuesRecord[]>(
      `/energy_price/v1/export/series_hist/${power.code}&u=${id("u", "kWh")}`,
    );
    const eurKwh = await sim.json<ValuesRecord[]>(
      `/energy_price/v1/export/series_hist/${power.code}&c=${id("c", "EUR")}&u=${id("u", "kWh")}`,
    );
    expect(kwh[0]?.unit).toBe("kWh");
    expect(eurKwh[0]).toMatchObject({ currency: "EUR", unit: "kWh" });
    const b = base[0]?.series_final_values ?? [];
    const k = kwh[0]?.series_final_values ?? [];
    const e = eurKwh[0]?.series_final_values ?? [];
    for (let i = 0; i < b.length; i += 17) {
      expect(k[i]?.value).toBeCloseTo((b[i]?.value ?? 0) / 1000, 3);
    }
    // EUR per USD moves month to month: the ratio is not constant across 2007–2022.
    const ratios = [0, 60, 120, 180].map((i) => (e[i]?.value ?? 0) / (k[i]?.value ?? 1));
    expect(Math.max(...ratios) / Math.min(...ratios)).toBeGreaterThan(1.05);
  });

  it("refuses a currency or unit outside the assessment's lists", async () => {
    const r = ep.find((x) => !x.available_units.split(", ").includes("kg")) as InfoRecord;
    const res = await sim.get(`/energy_price/v1/export/series/${r.code}&u=${id("u", "kg")}`);
    expect(res.status).toBe(400);
  });

  it("ignores c and u on industry-economics indices and factors, saying the real currency and unit", async () => {
    const index = ie.find((r) => r.commodity === "Plant construction cost index") as InfoRecord;
    const plain = await sim.json<ValuesRecord[]>(`/industry_economics/v1/export/series/${index.code}`);
    const asked = await sim.json<ValuesRecord[]>(
      `/industry_economics/v1/export/series/${index.code}&c=3&u=7`,
    );
    expect(asked[0]).toMatchObject({ currency: "N/A", unit: "Index" });
    expect(asked[0]?.series_final_values).toEqual(plain[0]?.series_final_values);
  });

  it("converts industry-economics utilities", async () => {
    const util = ie.find(
      (r) => r.commodity === "Electricity" && r.available_currencies.includes("GBP"),
    ) as InfoRecord;
    const res = await sim.json<ValuesRecord[]>(`/industry_economics/v1/export/series/${util.code}&c=9&u=7`);
    expect(res[0]).toMatchObject({ currency: "GBP", unit: "MWh" });
  });
});

describe("sandbox", () => {
  it.each(["series", "series_hist"])(
    "answers %s in the same shape with negative dummy values",
    async (op) => {
      const codes = ep
        .slice(0, 3)
        .map((r) => r.code)
        .join(",");
      const real = await sim.json<ValuesRecord[]>(`/energy_price/v1/export/${op}/${codes}`);
      const sandbox = await sim.json<ValuesRecord[]>(`/energy_price/v1/sandbox/export/${op}/${codes}`);
      expect(sandbox.map((r) => Object.keys(r))).toEqual(real.map((r) => Object.keys(r)));
      expect(sandbox.map((r) => r.series_final_values.length)).toEqual(
        real.map((r) => r.series_final_values.length),
      );
      for (const r of sandbox) for (const p of r.series_final_values) expect(p.value).toBeLessThan(0);
    },
  );

  it("lists Series Info in the sandbox too, and has no data_limits there", async () => {
    const list = await sim.json<InfoRecord[]>("/energy_price/v1/sandbox/export/series");
    expect(list.length).toBe(ep.length);
    expect((await sim.get("/energy_price/v1/sandbox/data_limits")).status).toBe(404);
  });
});
