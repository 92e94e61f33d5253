// The live profile: the live vendor's habits, each checked over HTTP against the default profile.

import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COUNTRIES } from "@/lib/domain/countries";
import { INFO_FIELDS as SPEC_INFO_FIELDS } from "@/lib/domain/info-fields";
import { startTestSimulator, type TestSimulator } from "../helpers/simulator";

type Json = Record<string, unknown>;
type Point = { date: string; value: number | string };
type Values = Json & { code: string; series_final_values: Point[]; series_forecast_values: Point[] };
type Limits = Record<string, Json>;

const LIVE_REGIONS = ["APAC-N", "APAC-S", "EUROPE-CE", "EUROPE-W", "LATAM", "MEA", "NORAM"];
const DEFAULT_REGIONS = ["Americas", "Asia Pacific", "Europe", "Middle East & Africa"];
const COUNTRY_NAMES = COUNTRIES.map((c) => c.name);
// The record fields the specification lists (the same list the app reads records by).
const INFO_FIELDS = [...SPEC_INFO_FIELDS];
const VALUES_FIELDS = [
  "code",
  "assessment",
  "product",
  "coverage",
  "currency",
  "unit",
  "remark_1",
  "remark_2",
  "series_final_values",
  "series_forecast_values",
  "updated_at",
];
const BOOLEANS = ["has_forecast", "has_preliminary", "series_hist_changed"];
const QUOTA_WORDS = /quota|limit reached|exhausted|call volume/i;

const login = (sim: TestSimulator) =>
  fetch(`${sim.url}/access_token/v1`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "demo", password: "demo" }),
  });
const bool = (v: unknown) => v === true || v === "True";
const extraKeys = (record: Json, spec: string[]) => Object.keys(record).filter((k) => !spec.includes(k));
const sortedByDate = (points: Point[]) => [...points].sort((a, b) => b.date.localeCompare(a.date));
const monotonic = (points: Point[]) => {
  const dates = points.map((p) => p.date);
  const asc = [...dates].sort();
  return dates.join() === asc.join() || dates.join() === asc.reverse().join();
};

/** Series Values for many codes, 40 a call, through the helper (it retries transient faults). */
async function values(sim: TestSimulator, service: string, codes: string[]): Promise<Values[]> {
  const out: Values[] = [];
  for (let i = 0; i < codes.length; i += 40)
    out.push(
      ...(await sim.json<Values[]>(`/${service}/v1/export/series/${codes.slice(i, i + 40).join(",")}`)),
    );
  return out;
}

let live: TestSimulator;
let plain: TestSimulator;
let liveInfo: Json[];
let plainInfo: Json[];
beforeAll(async () => {
  // The whole catalogue, so that discontinued series and every region are present.
  live = await startTestSimulator({ profile: "live" });
  plain = await startTestSimulator({});
  liveInfo = await live.json<Json[]>("/industry_economics/v1/export/series");
  plainInfo = await plain.json<Json[]>("/industry_economics/v1/export/series");
});
afterAll(async () => {
  await live.close();
  await plain.close();
});

describe("1. data limits keyed by regions whose names the app does not know", () => {
  it("keys the live report by the live regions, the default report by country", async () => {
    const liveLimits = await live.json<Limits>("/energy_price/v1/data_limits");
    expect(Object.keys(liveLimits).sort()).toEqual(LIVE_REGIONS);
    for (const key of Object.keys(liveLimits)) {
      expect(COUNTRY_NAMES).not.toContain(key);
      expect(DEFAULT_REGIONS).not.toContain(key);
    }
    const plainLimits = await plain.json<Limits>("/energy_price/v1/data_limits");
    expect(Object.keys(plainLimits).sort()).toEqual([...COUNTRY_NAMES].sort());
  });

  it("keeps the default scheme's four regions when the default profile keys by region", async () => {
    const sim = await startTestSimulator({ size: 600, datasetKeys: "region" });
    try {
      expect(Object.keys(await sim.json<Limits>("/energy_price/v1/data_limits")).sort()).toEqual(
        DEFAULT_REGIONS,
      );
    } finally {
      await sim.close();
    }
  });

  it("counts codes against the live region: Turkey against MEA, Russia against APAC-N", async () => {
    const sim = await startTestSimulator({ profile: "live", size: 1200 });
    try {
      const list = await sim.json<Json[]>("/energy_price/v1/export/series");
      const turkey = list.find((r) => r.coverage === "Turkey")?.code as string;
      const russia = list.filter((r) => r.coverage === "Russia").map((r) => r.code as string);
      await sim.json(`/energy_price/v1/export/series/${turkey},${russia.slice(0, 2).join(",")}`);
      const limits = await sim.json<Limits>("/energy_price/v1/data_limits");
      expect(limits.MEA?.remaining_requests).toBe("599");
      expect(limits["APAC-N"]?.remaining_requests).toBe("598");
      expect(limits["EUROPE-CE"]?.remaining_requests).toBe("600");
    } finally {
      await sim.close();
    }
  });

  it("subscribes by live region and reports the subscribed regions only", async () => {
    const sim = await startTestSimulator({ profile: "live", size: 1200, datasets: ["MEA", "latam"] });
    try {
      const list = await sim.json<Json[]>("/energy_price/v1/export/series");
      expect(new Set(list.map((r) => r.coverage))).toEqual(
        new Set(["Saudi Arabia", "South Africa", "Turkey", "Brazil", "Chile", "Colombia"]),
      );
      expect(Object.keys(await sim.json<Limits>("/energy_price/v1/data_limits")).sort()).toEqual([
        "LATAM",
        "MEA",
      ]);
    } finally {
      await sim.close();
    }
    await expect(startTestSimulator({ profile: "live", datasets: ["Europe"] })).rejects.toThrow(
      /Unknown dataset/,
    );
  });

  it("sets a live region's remaining codes through the control API, and the quota holds there", async () => {
    const sim = await startTestSimulator({ profile: "live", size: 1200 });
    try {
      const list = await sim.json<Json[]>("/energy_price/v1/export/series");
      const turkey = list.find((r) => r.coverage === "Turkey")?.code as string;
      const canada = list.find((r) => r.coverage === "Canada")?.code as string;
      await sim.control("POST", "quotas", { service: "energy_price", dataset: "MEA", remaining: 0 });
      expect((await sim.json<Limits>("/energy_price/v1/data_limits")).MEA?.remaining_requests).toBe("0");
      const refused = await sim.get(`/energy_price/v1/export/series/${turkey}`);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toMatch(/^Out of call volume quota/);
      expect((await sim.get(`/energy_price/v1/export/series/${canada}`)).status).toBe(200);
    } finally {
      await sim.close();
    }
  });
});

describe("2. strings for scalars", () => {
  it("sends booleans as True/False in the live profile, as booleans in the default one", () => {
    for (const r of liveInfo) for (const f of BOOLEANS) expect(["True", "False"]).toContain(r[f]);
    for (const r of plainInfo) for (const f of BOOLEANS) expect(typeof r[f]).toBe("boolean");
    const byCode = new Map(plainInfo.map((r) => [r.code, r]));
    for (const r of liveInfo.slice(0, 200))
      for (const f of BOOLEANS) expect(bool(r[f])).toBe(byCode.get(r.code)?.[f]);
  });

  it("sends the point values of a share of the records as numeric strings, the same numbers", async () => {
    const codes = liveInfo.slice(0, 80).map((r) => r.code as string);
    const liveValues = await values(live, "industry_economics", codes);
    const plainValues = new Map(
      (await values(plain, "industry_economics", codes)).map((r) => [r.code, r.series_final_values]),
    );
    const stringRecords = liveValues.filter((r) => typeof r.series_final_values[0]?.value === "string");
    expect(stringRecords.length).toBeGreaterThan(10);
    expect(stringRecords.length).toBeLessThan(liveValues.length - 10);
    for (const r of liveValues) {
      const expected = new Map(plainValues.get(r.code)?.map((p) => [p.date, p.value]));
      for (const p of r.series_final_values) {
        if (typeof p.value === "string") expect(p.value).toMatch(/^-?\d+(\.\d+)?$/);
        expect(Number(p.value)).toBe(expected.get(p.date));
      }
    }
    for (const r of plainValues.values()) for (const p of r) expect(typeof p.value).toBe("number");
  });

  it("sends data-limit counts as strings in the live profile, as integers in the default one", async () => {
    for (const entry of Object.values(await live.json<Limits>("/industry_economics/v1/data_limits"))) {
      expect(entry.remaining_requests).toMatch(/^\d+$/);
      expect(entry.total_requests).toBe("600");
    }
    for (const entry of Object.values(await plain.json<Limits>("/industry_economics/v1/data_limits")))
      expect(entry).toEqual({ remaining_requests: expect.any(Number), total_requests: 600 });
  });
});

describe("3. points not in date order", () => {
  it("sends finals and forecasts in a seeded order, the same every time, the same points", async () => {
    const codes = liveInfo
      .filter((r) => r.has_forecast === "True")
      .slice(0, 40)
      .map((r) => r.code as string);
    const first = await values(live, "industry_economics", codes);
    const again = await values(live, "industry_economics", codes);
    expect(again).toEqual(first);
    const plainByCode = new Map((await values(plain, "industry_economics", codes)).map((r) => [r.code, r]));
    for (const r of first) {
      expect(monotonic(r.series_final_values), r.code).toBe(false);
      expect(monotonic(r.series_forecast_values), r.code).toBe(false);
      const p = plainByCode.get(r.code) as Values;
      expect(sortedByDate(r.series_final_values).map((x) => x.date)).toEqual(
        p.series_final_values.map((x) => x.date),
      );
      // the default profile sends them newest first
      expect(p.series_final_values).toEqual(sortedByDate(p.series_final_values));
      expect(p.series_forecast_values).toEqual(sortedByDate(p.series_forecast_values));
    }
  });

  it("keeps the order for a seed and changes it with the seed", async () => {
    const other = await startTestSimulator({ profile: "live", seed: 1 });
    const reseeded = await startTestSimulator({ profile: "live", seed: 7 });
    try {
      const code = liveInfo[0]?.code as string;
      const path = `/industry_economics/v1/export/series/${code}`;
      const [a] = await live.json<Values[]>(path);
      const [b] = await other.json<Values[]>(path);
      expect(b?.series_final_values).toEqual(a?.series_final_values);
      const [c] = await reseeded.json<Values[]>(
        `/industry_economics/v1/export/series/${(await reseeded.json<Json[]>("/industry_economics/v1/export/series"))[0]?.code}`,
      );
      expect(monotonic(c?.series_final_values ?? [])).toBe(false);
    } finally {
      await other.close();
      await reseeded.close();
    }
  });
});

describe("4. fields the specification does not list", () => {
  const checkExtras = (record: Json, spec: string[]) => {
    const extra = extraKeys(record, spec);
    expect(extra).toEqual(expect.arrayContaining(["mdc_id", "source_system", "last_modified", "attributes"]));
    expect(typeof record.mdc_id).toBe("number");
    expect(typeof record.source_system).toBe("string");
    expect(record.last_modified).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(typeof record.attributes).toBe("object");
    const text = JSON.stringify(Object.fromEntries(extra.map((k) => [k, record[k]])));
    for (const region of [...LIVE_REGIONS, ...DEFAULT_REGIONS]) expect(text).not.toContain(region);
  };
  it("adds them to every Series Info and Series Values record in the live profile only", async () => {
    for (const r of liveInfo) checkExtras(r, INFO_FIELDS);
    for (const r of plainInfo) expect(Object.keys(r)).toEqual(INFO_FIELDS);
    const codes = liveInfo.slice(0, 40).map((r) => r.code as string);
    for (const r of await values(live, "industry_economics", codes)) checkExtras(r, VALUES_FIELDS);
    for (const r of await values(plain, "industry_economics", codes))
      expect(Object.keys(r)).toEqual(VALUES_FIELDS);
  });

  it("adds them to every data-limits entry, and the report's keys stay the datasets", async () => {
    const limits = await live.json<Limits>("/energy_price/v1/data_limits");
    expect(Object.keys(limits).sort()).toEqual(LIVE_REGIONS);
    for (const [key, entry] of Object.entries(limits)) {
      const extra = extraKeys(entry, ["remaining_requests", "total_requests"]);
      expect(extra.length).toBeGreaterThan(0);
      expect(JSON.stringify(entry)).not.toContain(key);
    }
  });

  it("adds token_type and expires_in to the token answer", async () => {
    const body = (await (await login(live)).json()) as Json;
    expect(body).toMatchObject({ access_token: expect.any(String), token_type: "Bearer", expires_in: 7200 });
    expect(Object.keys((await (await login(plain)).json()) as Json)).toEqual(["access_token"]);
  });

  it("carries the dataset key in a field of its own with --dataset-field, in either profile", async () => {
    for (const [options, keys] of [
      [{ datasetField: "data_set", size: 600 }, COUNTRY_NAMES],
      [{ profile: "live", datasetField: "data_set", size: 600 }, LIVE_REGIONS],
    ] as const) {
      const sim = await startTestSimulator(options);
      try {
        const list = await sim.json<Json[]>("/energy_price/v1/export/series");
        for (const r of list) expect(keys).toContain(r.data_set);
        if (options.profile === "live") {
          expect(list.find((r) => r.coverage === "Turkey")?.data_set).toBe("MEA");
          expect(list.find((r) => r.coverage === "Russia")?.data_set).toBe("APAC-N");
        } else expect(list.every((r) => r.data_set === r.coverage)).toBe(true);
        const first = list[0] as Json;
        const [rec] = await sim.json<Values[]>(`/energy_price/v1/export/series/${first.code}`);
        expect(rec?.data_set).toBe(first.data_set);
        const limits = await sim.json<Limits>("/energy_price/v1/data_limits");
        expect(Number(limits[first.data_set as string]?.remaining_requests)).toBe(599);
      } finally {
        await sim.close();
      }
    }
    expect(Object.keys(liveInfo[0] as Json)).not.toContain("data_set");
  });
});

describe("5. nine forecast months", () => {
  it("sends 9 forecast months in the live profile, 6 in the default one", async () => {
    const codes = liveInfo
      .filter((r) => bool(r.has_forecast))
      .slice(0, 20)
      .map((r) => r.code as string);
    for (const r of await values(live, "industry_economics", codes))
      expect(r.series_forecast_values).toHaveLength(9);
    for (const r of await values(plain, "industry_economics", codes))
      expect(r.series_forecast_values).toHaveLength(6);
  });
});

describe("6. a token revoked long before its exp", () => {
  it("answers 401 in the gateway's shape after 150 calls with one token; a new login works", async () => {
    const sim = await startTestSimulator({ profile: "live", size: 100, ratePerSecond: 1000 });
    try {
      const token = await sim.login();
      for (let i = 0; i < 150; i++) {
        const res = await sim.get("/energy_price/v1/data_limits", token);
        await res.body?.cancel();
        expect([200, 500, 503]).toContain(res.status); // transient faults count as calls too
      }
      const revoked = await sim.get("/energy_price/v1/data_limits", token);
      expect(revoked.status).toBe(401);
      expect(await revoked.json()).toEqual({
        statusCode: 401,
        message: expect.stringMatching(/^Unauthorized/),
      });
      const claims = decodeJwt(token);
      expect((claims.exp as number) * 1000 - Date.parse("2026-11-20T18:00:00Z")).toBeGreaterThan(3600_000);
      const fresh = await sim.login();
      expect(fresh).not.toBe(token);
      const again = await sim.get("/energy_price/v1/data_limits", fresh);
      expect([200, 500, 503]).toContain(again.status);
      // the helper's cached token is renewed as a client would
      for (let i = 0; i < 160; i++) await sim.json("/energy_price/v1/data_limits");
    } finally {
      await sim.close();
    }
  });

  it("keeps a token valid for any number of calls in the default profile", async () => {
    const sim = await startTestSimulator({ size: 100, ratePerSecond: 1000 });
    try {
      const token = await sim.login();
      for (let i = 0; i < 200; i++)
        expect((await sim.get("/energy_price/v1/data_limits", token)).status).toBe(200);
    } finally {
      await sim.close();
    }
  });
});

describe("7. transient faults at random points", () => {
  it("fails about 3% of data requests once each, as 503 HTML without Retry-After or 500 plain text", async () => {
    const sim = await startTestSimulator({ profile: "live", size: 300, ratePerSecond: 1000 });
    try {
      const codes = (await sim.json<Json[]>("/energy_price/v1/export/series")).map((r) => r.code as string);
      let token = await sim.login();
      let calls = 0;
      const call = async (path: string) => {
        if (++calls % 100 === 0) token = await sim.login(); // stay under the use limit
        return sim.get(path, token);
      };
      const seen: Record<number, number> = {};
      const paths = Array.from({ length: 400 }, (_, i) =>
        i % 2 ? "/energy_price/v1/data_limits" : `/energy_price/v1/export/series/${codes[i % codes.length]}`,
      );
      for (const path of paths) {
        const res = await call(path);
        seen[res.status] = (seen[res.status] ?? 0) + 1;
        if (res.status === 200) {
          await res.body?.cancel();
          continue;
        }
        expect([500, 503]).toContain(res.status);
        expect(res.headers.get("retry-after")).toBeNull();
        const type = res.headers.get("content-type") ?? "";
        const body = await res.text();
        if (res.status === 503) {
          expect(type).toContain("text/html");
          expect(body).toMatch(/<html>/);
        } else {
          expect(type).toContain("text/plain");
          expect(body).not.toMatch(/^[{[]/);
        }
        // the same request again succeeds
        const retry = await call(path);
        expect(retry.status).toBe(200);
        await retry.body?.cancel();
      }
      const faults = (seen[500] ?? 0) + (seen[503] ?? 0);
      expect(faults).toBeGreaterThanOrEqual(4);
      expect(faults).toBeLessThanOrEqual(30);
      expect(seen[500]).toBeGreaterThan(0);
      expect(seen[503]).toBeGreaterThan(0);
      // a failed call costs no codes
      const stats = (await sim.control("GET", "stats")) as { dataRequests: Record<string, number> };
      expect(stats.dataRequests.series).toBe(200);
    } finally {
      await sim.close();
    }
  });

  it("is deterministic for a seed, never touches the token call, and never fails in the default profile", async () => {
    const statuses = async (options: object) => {
      const sim = await startTestSimulator({ size: 100, ratePerSecond: 1000, tokenMaxUses: 0, ...options });
      try {
        const token = await sim.login();
        const out: number[] = [];
        for (let i = 0; i < 120; i++) {
          const res = await sim.get(
            i % 2 ? "/energy_price/v1/data_limits" : "/energy_price/v1/export/series",
            token,
          );
          await res.body?.cancel();
          out.push(res.status);
        }
        for (let i = 0; i < 60; i++) expect((await login(sim)).status).toBe(200);
        return out;
      } finally {
        await sim.close();
      }
    };
    const a = await statuses({ profile: "live" });
    expect(await statuses({ profile: "live" })).toEqual(a);
    expect(a.some((s) => s !== 200)).toBe(true);
    expect(await statuses({ profile: "live", seed: 5 })).not.toEqual(a);
    expect((await statuses({})).every((s) => s === 200)).toBe(true);
  });

  it("keeps maintenance windows as they are: 503 with Retry-After", async () => {
    const sim = await startTestSimulator({ profile: "live", size: 100, clock: "2026-11-25T18:00:00Z" });
    try {
      for (let i = 0; i < 5; i++) {
        const res = await sim.get("/energy_price/v1/data_limits", await sim.token());
        expect(res.status).toBe(503);
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      }
    } finally {
      await sim.close();
    }
  });

  it("lets injected 503s come without Retry-After as the gateway's HTML page, or with one", async () => {
    const sim = await startTestSimulator({ profile: "live", size: 100, transientFaultRate: 0 });
    try {
      await sim.control("PUT", "faults", { errorRate: 1, errorStatus: 503, count: 1 });
      const bare = await sim.get("/energy_price/v1/data_limits");
      expect(bare.status).toBe(503);
      expect(bare.headers.get("retry-after")).toBeNull();
      expect(bare.headers.get("content-type")).toContain("text/html");
      expect(await bare.text()).toMatch(/<html>/);
      await sim.control("PUT", "faults", { errorRate: 1, errorStatus: 503, retryAfterSeconds: 30, count: 1 });
      const timed = await sim.get("/energy_price/v1/data_limits");
      expect(timed.status).toBe(503);
      expect(timed.headers.get("retry-after")).toBe("30");
      expect((await sim.get("/energy_price/v1/data_limits")).status).toBe(200);
    } finally {
      await sim.close();
    }
  });
});

describe("8. different wording", () => {
  const discontinued = (info: Json[]) => info.filter((r) => /ceased|Discontinued/.test(String(r.remark_2)));

  it("words discontinuations so that 'discontinued' and 'replaced by' do not match", async () => {
    const liveEp = await live.json<Json[]>("/energy_price/v1/export/series");
    const all = [...liveInfo, ...liveEp];
    for (const r of all) {
      expect(r.remark_2).not.toMatch(/discontinued/i);
      expect(r.remark_2).not.toMatch(/replaced by/i);
      expect(r.remark_2).not.toMatch(/^Replaces/);
    }
    const ceased = discontinued(all);
    expect(ceased.length).toBeGreaterThan(0);
    const plainByCode = new Map(
      [...plainInfo, ...(await plain.json<Json[]>("/energy_price/v1/export/series"))].map((r) => [r.code, r]),
    );
    const MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" ");
    for (const r of ceased) {
      const m =
        /^Assessment ceased with the ([A-Z][a-z]{2}) (\d{4}) publication\.(?: Successor series: (\S+))?$/.exec(
          String(r.remark_2),
        );
      expect(m, String(r.remark_2)).not.toBeNull();
      const old = plainByCode.get(r.code) as Json;
      const month = String(MONTHS.indexOf(m?.[1] as string) + 1).padStart(2, "0");
      expect(old.remark_2).toMatch(new RegExp(`^Discontinued from the ${m?.[2]}-${month} release`));
      if (m?.[3]) {
        expect(old.remark_2).toContain(`replaced by ${m[3]}`);
        const successor = all.find((x) => x.code === m[3]);
        expect(successor?.remark_2).toBe(`Continues series ${r.code}`);
        expect(plainByCode.get(m[3])?.remark_2).toBe(`Replaces ${r.code}`);
      }
    }
  });

  it("words location-factor references as 'Base location: <country> (=1)'", () => {
    const factors = liveInfo.filter((r) => r.commodity === "Plant location factor");
    expect(factors.length).toBeGreaterThan(30);
    const plainByCode = new Map(plainInfo.map((r) => [r.code, r]));
    for (const r of factors) {
      const m = /^Base location: ([^(]+) \(=1\)/.exec(String(r.details));
      expect(m, String(r.details)).not.toBeNull();
      expect(r.details).not.toMatch(/relative to/i);
      const old = plainByCode.get(r.code) as Json;
      expect(old.details).toMatch(new RegExp(`^Relative to ${m?.[1]} = 1\\.00`));
      expect(r.assessment).toBe(`Plant location factor, ${r.coverage}, ${String(r.details).toLowerCase()}`);
    }
  });

  it("names the cost-index commodity without the word 'index', in the assessment names too", () => {
    const plainIndices = plainInfo.filter((r) => r.commodity === "Plant construction cost index");
    expect(plainIndices.length).toBeGreaterThan(30);
    const liveByCode = new Map(liveInfo.map((r) => [r.code, r]));
    for (const old of plainIndices) {
      const r = liveByCode.get(old.code) as Json;
      expect(r.commodity).toBe("Capital cost escalation, process plant");
      expect(r.commodity).not.toMatch(/index/i);
      expect(r.assessment).toBe(`Capital cost escalation, process plant, ${r.specification}, ${r.coverage}`);
    }
    for (const r of liveInfo) expect(r.assessment).not.toMatch(/construction cost index/i);
  });
});

describe("9. a plan without Series Values History", () => {
  it("answers History with 403 in the gateway's shape, not worded like a quota", async () => {
    const code = liveInfo[0]?.code as string;
    const res = await live.get(`/industry_economics/v1/export/series_hist/${code}`);
    expect(res.status).toBe(403);
    const body = (await res.json()) as { statusCode: number; message: string };
    expect(body).toEqual({ statusCode: 403, message: expect.any(String) });
    expect(body.message).not.toMatch(QUOTA_WORDS);
    expect((await live.get(`/industry_economics/v1/export/series/${code}`)).status).toBe(200);
    expect((await plain.get(`/industry_economics/v1/export/series_hist/${code}`)).status).toBe(200);
  });
});

describe("10. gateway-style errors", () => {
  it("answers 401 as {statusCode, message} and 400 as plain text; the default profile in its own JSON", async () => {
    const unauth = await live.get("/energy_price/v1/data_limits", null);
    expect(unauth.status).toBe(401);
    expect(await unauth.json()).toEqual({ statusCode: 401, message: expect.stringMatching(/^Unauthorized/) });
    const bad = await live.get("/energy_price/v1/export/series/bad");
    expect(bad.status).toBe(400);
    expect(bad.headers.get("content-type")).toContain("text/plain");
    const plainUnauth = await plain.get("/energy_price/v1/data_limits", null);
    expect(await plainUnauth.json()).toMatchObject({ status: 401, error: "unauthorized" });
  });
});
