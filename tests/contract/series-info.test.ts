import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURRENCIES, UNITS } from "@/lib/domain/reference";
import { type InfoRecord, startTestSimulator, type TestSimulator } from "../helpers/simulator";

const FIELDS: Record<keyof InfoRecord, "string" | "boolean"> = {
  code: "string",
  assessment: "string",
  product: "string",
  commodity: "string",
  coverage: "string",
  location: "string",
  area: "string",
  details: "string",
  specification: "string",
  available_currencies: "string",
  available_units: "string",
  default_currency: "string",
  default_unit: "string",
  has_forecast: "boolean",
  has_preliminary: "boolean",
  last_available_final: "string",
  series_hist_changed: "boolean",
  remark_1: "string",
  remark_2: "string",
  updated_at: "string",
};

describe("Series Info on the default catalogue", () => {
  let sim: TestSimulator;
  let all: InfoRecord[];
  beforeAll(async () => {
    sim = await startTestSimulator();
    const ie = await sim.json<InfoRecord[]>("/industry_economics/v1/export/series");
    const ep = await sim.json<InfoRecord[]>("/energy_price/v1/export/series");
    all = [...ie, ...ep];
  });
  afterAll(() => sim.close());

  it("lists at least 3,000 assessments across both services", () => {
    expect(all.length).toBeGreaterThanOrEqual(3000);
  });

  it("fills every field of every record with the right type", () => {
    for (const record of all) {
      for (const [field, type] of Object.entries(FIELDS)) {
        expect(typeof record[field as keyof InfoRecord], `${record.code}.${field}`).toBe(type);
        if (type === "string")
          expect((record[field as keyof InfoRecord] as string).length).toBeGreaterThan(0);
      }
    }
  });

  it("writes codes in the vendor's form, some with a leading zero, all distinct per service", () => {
    for (const r of all) expect(r.code).toMatch(/^\d+-\d+-\d+$/);
    expect(all.some((r) => r.code.startsWith("0"))).toBe(true);
    expect(new Set(all.map((r) => r.code)).size).toBe(all.length);
  });

  it("covers the 33 countries and the three industry-economics kinds", () => {
    expect(new Set(all.map((r) => r.coverage)).size).toBe(33);
    const products = new Set(all.map((r) => r.product));
    for (const p of ["Utility Costs", "Construction Cost Indices", "Location Factors"]) {
      expect([...products].some((x) => x.includes(p))).toBe(true);
    }
  });

  it("uses reference currencies and units, with defaults inside the available lists", () => {
    const currencies = new Set(CURRENCIES.map((c) => c.short));
    const units = new Set(UNITS.map((u) => u.short));
    for (const r of all) {
      if (r.available_currencies === "N/A") continue;
      const list = r.available_currencies.split(", ");
      for (const c of list) expect(currencies.has(c), c).toBe(true);
      expect(list).toContain(r.default_currency);
      const ulist = r.available_units.split(", ");
      for (const u of ulist) expect(units.has(u), u).toBe(true);
      expect(ulist).toContain(r.default_unit);
    }
  });

  it("gives dates as first-of-month and lag remarks", () => {
    for (const r of all) {
      expect(r.last_available_final).toMatch(/^\d{4}-\d{2}-01$/);
      expect(r.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(r.remark_1).toMatch(/^lag: \d+$/);
    }
  });

  it("is deterministic for a seed", async () => {
    const again = await sim.json<InfoRecord[]>("/industry_economics/v1/export/series");
    expect(again.slice(0, 50)).toEqual(all.slice(0, 50));
  });
});

describe("subscription", () => {
  let sim: TestSimulator;
  beforeAll(async () => {
    sim = await startTestSimulator({
      size: 600,
      datasets: ["Germany", "France"],
      services: ["energy_price"],
    });
  });
  afterAll(() => sim.close());

  it("lists only the subscribed datasets, and data_limits reports only them", async () => {
    const list = await sim.json<InfoRecord[]>("/energy_price/v1/export/series");
    expect(list.length).toBeGreaterThan(0);
    expect(new Set(list.map((r) => r.coverage))).toEqual(new Set(["France", "Germany"]));
    const limits = await sim.json<Record<string, unknown>>("/energy_price/v1/data_limits");
    expect(Object.keys(limits).sort()).toEqual(["France", "Germany"]);
  });

  it("refuses a service outside the subscription with 403", async () => {
    expect((await sim.get("/industry_economics/v1/export/series")).status).toBe(403);
  });

  it("refuses a code from another dataset with 403", async () => {
    const open = await startTestSimulator({ size: 600 });
    try {
      const other = (await open.json<InfoRecord[]>("/energy_price/v1/export/series")).find(
        (r) => !["Germany", "France"].includes(r.coverage),
      );
      const res = await sim.get(`/energy_price/v1/export/series/${other?.code}`);
      expect(res.status).toBe(403);
    } finally {
      await open.close();
    }
  });
});

describe("region-keyed data limits", () => {
  it("keys the report by region when configured so", async () => {
    const sim = await startTestSimulator({ size: 300, datasetKeys: "region" });
    try {
      const limits = await sim.json<Record<string, { remaining_requests: number; total_requests: number }>>(
        "/industry_economics/v1/data_limits",
      );
      expect(Object.keys(limits).sort()).toEqual([
        "Americas",
        "Asia Pacific",
        "Europe",
        "Middle East & Africa",
      ]);
      expect(limits.Europe).toEqual({ remaining_requests: 600, total_requests: 600 });
    } finally {
      await sim.close();
    }
  });

  it("keys by the simulator's own live region scheme, the same keys for counting and control", async () => {
    const sim = await startTestSimulator({ size: 600, datasetKeys: "region", regionScheme: "live" });
    try {
      type Limits = Record<string, { remaining_requests: number; total_requests: number }>;
      const limits = await sim.json<Limits>("/energy_price/v1/data_limits");
      expect(Object.keys(limits).sort()).toEqual([
        "APAC-N",
        "APAC-S",
        "EUROPE-CE",
        "EUROPE-W",
        "LATAM",
        "MEA",
        "NORAM",
      ]);
      const list = await sim.json<InfoRecord[]>("/energy_price/v1/export/series");
      const turkey = list.find((r) => r.coverage === "Turkey") as InfoRecord;
      expect((await sim.get(`/energy_price/v1/export/series/${turkey.code}`)).status).toBe(200);
      expect((await sim.json<Limits>("/energy_price/v1/data_limits")).MEA?.remaining_requests).toBe(599);
      await sim.control("POST", "quotas", { service: "energy_price", dataset: "mea", remaining: 5 });
      expect((await sim.json<Limits>("/energy_price/v1/data_limits")).MEA?.remaining_requests).toBe(5);
      await expect(
        sim.control("POST", "quotas", { service: "energy_price", dataset: "Europe", remaining: 5 }),
      ).rejects.toThrow(/400/);
    } finally {
      await sim.close();
    }
  });
});
