import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSimulator, type TestSimulator } from "../helpers/simulator";

let sim: TestSimulator;
beforeAll(async () => {
  sim = await startTestSimulator({ size: 200 });
});
afterAll(() => sim.close());

const login = (body: unknown, contentType = "application/json", method = "POST") =>
  fetch(`${sim.url}/access_token/v1`, {
    method,
    headers: { "content-type": contentType },
    body: method === "GET" ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });

describe("token service", () => {
  it("returns a JWT whose exp is two hours after issue", async () => {
    const res = await login({ username: "demo", password: "demo" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(["access_token"]);
    const claims = decodeJwt(String(body.access_token));
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(7200);
  });

  it.each([
    ["wrong password", { username: "demo", password: "nope" }, "application/json", "POST", 401],
    ["unknown user", { username: "x", password: "demo" }, "application/json", "POST", 401],
    ["missing password", { username: "demo" }, "application/json", "POST", 400],
    ["invalid JSON", "{not json", "application/json", "POST", 400],
    ["not JSON content type", { username: "demo", password: "demo" }, "text/plain", "POST", 400],
    ["GET", {}, "application/json", "GET", 405],
  ])("refuses %s", async (_, body, type, method, status) => {
    expect((await login(body, type, method)).status).toBe(status);
  });
});

describe("bearer authentication on data operations", () => {
  const path = "/energy_price/v1/data_limits";

  it.each([
    ["no header", null],
    ["a garbage token", "abc.def.ghi"],
  ])("answers 401 to %s", async (_, token) => {
    const res = await sim.get(path, token);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toBe("unauthorized");
  });

  it("expires tokens by the simulated clock, and on request", async () => {
    const token = await sim.token();
    expect((await sim.get(path, token)).status).toBe(200);
    await sim.control("POST", "clock", { advanceMs: 2 * 3600_000 + 1000 });
    const expired = await sim.get(path, token);
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { message: string }).message).toMatch(/expired/);

    const fresh = (
      (await (await login({ username: "demo", password: "demo" })).json()) as { access_token: string }
    ).access_token;
    expect((await sim.get(path, fresh)).status).toBe(200);
    await sim.control("POST", "tokens/expire");
    expect((await sim.get(path, fresh)).status).toBe(401);
  });
});
