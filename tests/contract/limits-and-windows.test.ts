import { afterEach, describe, expect, it } from "vitest";
import { type InfoRecord, startTestSimulator, type TestSimulator } from "../helpers/simulator";

let sim: TestSimulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

type Limits = Record<string, { remaining_requests: number; total_requests: number }>;

describe("rate limit: 10 requests per second per operation per token", () => {
  it("refuses the 11th request of a burst with 429 and Retry-After, per operation", async () => {
    sim = await startTestSimulator({ size: 100 });
    const s = sim;
    const burst = await Promise.all(Array.from({ length: 12 }, () => s.get("/energy_price/v1/data_limits")));
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses.filter((x) => x === 200)).toHaveLength(10);
    const limited = burst.find((r) => r.status === 429);
    expect(Number(limited?.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // another operation has its own bucket
    expect((await s.get("/energy_price/v1/export/series")).status).toBe(200);
  });
});

describe("quotas", () => {
  it("stops at the daily call quota", async () => {
    sim = await startTestSimulator({ size: 100, dailyQuota: 3 });
    for (let i = 0; i < 3; i++) expect((await sim.get("/energy_price/v1/data_limits")).status).toBe(200);
    const res = await sim.get("/industry_economics/v1/data_limits");
    expect(res.status).toBe(429);
    expect(((await res.json()) as { message: string }).message).toMatch(/Daily quota/);
    await sim.control("POST", "clock", { advance: "next-day" });
    expect((await sim.get("/energy_price/v1/data_limits")).status).toBe(200);
  });

  it("stops at the Series Info monthly quota", async () => {
    sim = await startTestSimulator({ size: 100, seriesInfoMonthlyQuota: 2 });
    expect((await sim.get("/energy_price/v1/export/series")).status).toBe(200);
    expect((await sim.get("/energy_price/v1/export/series")).status).toBe(200);
    expect((await sim.get("/energy_price/v1/export/series")).status).toBe(429);
  });

  it("counts codes per dataset, shared by Series Values and History, and resets on release", async () => {
    sim = await startTestSimulator({ size: 800, codeQuota: 3 });
    const list = await sim.json<InfoRecord[]>("/energy_price/v1/export/series");
    const country = list[0]?.coverage as string;
    const codes = list.filter((r) => r.coverage === country).map((r) => r.code);
    expect(codes.length).toBeGreaterThanOrEqual(4);

    expect((await sim.get(`/energy_price/v1/export/series/${codes[0]},${codes[1]}`)).status).toBe(200);
    expect((await sim.json<Limits>("/energy_price/v1/data_limits"))[country]).toEqual({
      remaining_requests: 1,
      total_requests: 3,
    });
    const over = await sim.get(`/energy_price/v1/export/series_hist/${codes[2]},${codes[3]}`);
    expect(over.status).toBe(429);
    expect(((await over.json()) as { message: string }).message).toMatch(
      new RegExp(`quota.*${country}`, "i"),
    );
    // a refused call spends nothing
    expect((await sim.json<Limits>("/energy_price/v1/data_limits"))[country]?.remaining_requests).toBe(1);
    expect((await sim.get(`/energy_price/v1/export/series_hist/${codes[2]}`)).status).toBe(200);
    expect((await sim.json<Limits>("/energy_price/v1/data_limits"))[country]?.remaining_requests).toBe(0);

    await sim.control("POST", "clock", { advance: "next-release" });
    expect((await sim.json<Limits>("/energy_price/v1/data_limits"))[country]?.remaining_requests).toBe(3);
  });

  it("has no monthly code quota in the sandbox", async () => {
    sim = await startTestSimulator({ size: 300, codeQuota: 1 });
    const list = await sim.json<InfoRecord[]>("/energy_price/v1/export/series");
    const country = list[0]?.coverage as string;
    const codes = list.filter((r) => r.coverage === country).map((r) => r.code);
    for (let i = 0; i < 3; i++) {
      expect((await sim.get(`/energy_price/v1/sandbox/export/series/${codes.join(",")}`)).status).toBe(200);
    }
  });
});

describe("availability windows (America/Chicago)", () => {
  it.each([
    ["a maintenance day at noon", 503, "2026-11-25T18:00:00Z", "maintenance"],
    ["a maintenance day at 05:59", 200, "2026-11-25T11:59:00Z", null],
    ["a maintenance day at 22:00", 200, "2026-11-26T04:00:00Z", null],
    ["release day before the release", 503, "2026-12-01T13:00:00Z", "release_pending"],
    ["release day after the release", 200, "2026-12-01T16:30:00Z", null],
  ])("%s answers %i", async (_, status, at, error) => {
    sim = sim ?? (await startTestSimulator({ size: 100 }));
    await sim.control("POST", "clock", { now: at });
    await sim.control("POST", "tokens/expire");
    const fresh = await startTokenFor(sim);
    const res = await sim.get("/energy_price/v1/data_limits", fresh);
    expect(res.status).toBe(status);
    if (error) {
      expect(((await res.json()) as { error: string }).error).toBe(error);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    }
  });

  it("publishes the new month at the release", async () => {
    sim = await startTestSimulator({ size: 100, clock: "2026-12-01T15:00:00Z", windows: false });
    const before = await sim.json<InfoRecord[]>("/energy_price/v1/export/series");
    await sim.control("POST", "clock", { now: "2026-12-01T16:01:00Z" });
    const after = await sim.json<InfoRecord[]>("/energy_price/v1/export/series");
    expect(before[0]?.last_available_final).toBe("2026-10-01");
    expect(after[0]?.last_available_final).toBe("2026-11-01");
    expect(after[0]?.updated_at).toBe("2026-12-01");
  });
});

async function startTokenFor(s: TestSimulator): Promise<string> {
  const res = await fetch(`${s.url}/access_token/v1`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "demo", password: "demo" }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}
