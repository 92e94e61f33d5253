import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type InfoRecord, startTestSimulator, type TestSimulator } from "../helpers/simulator";

describe("gateway-style errors", () => {
  let sim: TestSimulator;
  beforeAll(async () => {
    sim = await startTestSimulator({ size: 200, gatewayStyle: true, codeQuota: 1 });
  });
  afterAll(() => sim.close());

  it.each([
    [
      "401 as {statusCode, message}",
      () => sim.get("/energy_price/v1/data_limits", null),
      401,
      "json",
      /Unauthorized/,
    ],
    [
      "400 as plain text",
      () => sim.get("/energy_price/v1/export/series/bad"),
      400,
      "text/plain",
      /Invalid code/,
    ],
  ])("sends %s", async (_, call, status, type, message) => {
    const res = await call();
    expect(res.status).toBe(status);
    const text = await res.text();
    if (type === "json") {
      expect(JSON.parse(text)).toEqual({ statusCode: status, message: expect.stringMatching(message) });
    } else {
      expect(res.headers.get("content-type")).toContain(type);
      expect(text).toMatch(message);
    }
  });

  it("sends quota exhaustion as 403 'Out of call volume quota'", async () => {
    const list = await sim.json<InfoRecord[]>("/energy_price/v1/export/series");
    const country = list[0]?.coverage;
    const codes = list.filter((r) => r.coverage === country).map((r) => r.code);
    expect((await sim.get(`/energy_price/v1/export/series/${codes[0]}`)).status).toBe(200);
    const res = await sim.get(`/energy_price/v1/export/series/${codes[1]}`);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toMatch(/^Out of call volume quota/);
  });

  it("sends maintenance as HTML 503 with Retry-After", async () => {
    await sim.control("PUT", "faults", { forceMaintenance: true });
    const res = await sim.get("/energy_price/v1/data_limits");
    expect(res.status).toBe(503);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    await sim.control("DELETE", "faults");
  });

  it("sends rate limiting as 429 with the gateway's message", async () => {
    await sim.control("PUT", "faults", { rateLimitStorm: 1 });
    const res = await sim.get("/energy_price/v1/data_limits");
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({
      statusCode: 429,
      message: "Rate limit is exceeded. Try again in 1 seconds.",
    });
    await sim.control("DELETE", "faults");
  });
});

describe("injected faults", () => {
  let sim: TestSimulator;
  let code: string;
  beforeAll(async () => {
    sim = await startTestSimulator({ size: 200 });
    code = (await sim.json<InfoRecord[]>("/energy_price/v1/export/series"))[0]?.code as string;
  });
  afterEach(() => sim.control("DELETE", "faults"));
  afterAll(() => sim.close());

  it.each([
    ["json", (t: string) => expect(() => JSON.parse(t)).toThrow()],
    ["value", (t: string) => expect(t).toContain('"value":"n/a"')],
    ["date", (t: string) => expect(t).toContain("2026-13-01")],
    ["shape", (t: string) => expect(JSON.parse(t)).toHaveProperty("data")],
  ])("answers 200 with a malformed (%s) body", async (kind, check) => {
    await sim.control("PUT", "faults", { malformedRate: 1, malformedKind: kind });
    const res = await sim.get(`/energy_price/v1/export/series_hist/${code}`);
    expect(res.status).toBe(200);
    check(await res.text());
  });

  it("answers injected 5xx only to the chosen operations, for a limited count", async () => {
    await sim.control("PUT", "faults", { errorRate: 1, errorStatus: 502, operations: ["series"], count: 2 });
    expect((await sim.get("/energy_price/v1/data_limits")).status).toBe(200);
    expect((await sim.get(`/energy_price/v1/export/series/${code}`)).status).toBe(502);
    expect((await sim.get(`/energy_price/v1/export/series/${code}`)).status).toBe(502);
    expect((await sim.get(`/energy_price/v1/export/series/${code}`)).status).toBe(200);
  });

  it("drops connections", async () => {
    await sim.control("PUT", "faults", { dropRate: 1 });
    await expect(sim.get(`/energy_price/v1/export/series/${code}`)).rejects.toThrow();
  });

  it("holds a request without answering until the client gives up", async () => {
    await sim.control("PUT", "faults", { timeoutRate: 1, timeoutMs: 5000 });
    const res = fetch(`${sim.url}/energy_price/v1/export/series/${code}`, {
      headers: { authorization: `Bearer ${await sim.token()}` },
      signal: AbortSignal.timeout(300),
    });
    await expect(res).rejects.toThrow(/timeout|aborted/i);
  });

  it("adds latency", async () => {
    await sim.control("PUT", "faults", { latencyMs: 250 });
    const started = performance.now();
    await sim.get("/energy_price/v1/data_limits");
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
  });

  it("refuses History when the plan lacks it", async () => {
    const noHistory = await startTestSimulator({ size: 100, history: false });
    try {
      const c = (await noHistory.json<InfoRecord[]>("/energy_price/v1/export/series"))[0]?.code;
      expect((await noHistory.get(`/energy_price/v1/export/series_hist/${c}`)).status).toBe(403);
      expect((await noHistory.get(`/energy_price/v1/export/series/${c}`)).status).toBe(200);
    } finally {
      await noHistory.close();
    }
  });
});
