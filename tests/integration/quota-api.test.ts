// The quota and calendar endpoints through their route handlers: who may call them, what they
// validate, what a viewer sees, and that a threshold change is audited. The session is mocked as in
// the security suite; the reports come from the simulator over HTTP.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "@/lib/db/client";
import type { SessionUser } from "@/lib/domain/roles";
import { setProcessEnv } from "@/lib/env";
import { addUser } from "@/lib/services/users";
import { pollLimits } from "@/lib/sync/quota-poll";
import { setUpstreamClient } from "@/lib/sync/upstream";
import { testClient } from "../helpers/sync";
import { dropScenarioDatabase, type Scenario, scenario } from "../helpers/sync-scenario";

const session = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("@/lib/auth/session", () => ({
  currentUser: async () => session.user,
  requireUser: async () => session.user,
  requireAdmin: async () => session.user,
}));

const ORIGIN = "http://atlas.test";
let s: Scenario;
let viewer: SessionUser;
let admin: SessionUser;

beforeAll(async () => {
  s = await scenario({ size: 90 });
  setProcessEnv({ UPSTREAM_BASE_URL: s.sim.url, UPSTREAM_USERNAME: "demo", UPSTREAM_PASSWORD: "demo" });
  setUpstreamClient(testClient(s.sim));
  const v = await addUser(null, { email: "viewer@quota.test", password: "viewer-password", role: "viewer" });
  const a = await addUser(null, { email: "admin@quota.test", password: "admin-password", role: "admin" });
  viewer = { id: v.id, email: v.email, name: null, role: "viewer" };
  admin = { id: a.id, email: a.email, name: null, role: "admin" };
  await pollLimits(testClient(s.sim), "test");
});
afterAll(async () => {
  setUpstreamClient(undefined);
  setProcessEnv({ UPSTREAM_BASE_URL: undefined, UPSTREAM_USERNAME: undefined, UPSTREAM_PASSWORD: undefined });
  await s?.close();
  await dropScenarioDatabase();
});

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function call(
  file: string,
  method: "GET" | "PUT" | "POST",
  path: string,
  who: SessionUser | null,
  body?: unknown,
) {
  const mod = (await import(/* @vite-ignore */ `@/app/api/${file}`)) as Record<string, Handler>;
  const headers = new Headers({ host: "atlas.test", origin: ORIGIN, "sec-fetch-site": "same-origin" });
  if (body !== undefined) headers.set("content-type", "application/json");
  session.user = who;
  try {
    const handler = mod[method];
    if (!handler) throw new Error(`${file} has no ${method}`);
    const init: RequestInit = {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    };
    const res = await handler(new Request(`${ORIGIN}${path}`, init), { params: Promise.resolve({}) });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  } finally {
    session.user = null;
  }
}

const HISTORY = "v1/limits/history/route.ts";

describe(`quota and calendar endpoints on ${process.env.TEST_DB_KIND}`, () => {
  it("serves the history to any signed-in user; admins also get the reconciliation", async () => {
    expect((await call(HISTORY, "GET", "/api/v1/limits/history", null)).status).toBe(401);
    const forViewer = await call(HISTORY, "GET", "/api/v1/limits/history?service=energy_price", viewer);
    expect(forViewer.status).toBe(200);
    const datasets = forViewer.json.datasets as {
      service: string;
      reconciliation: unknown;
      reports: unknown[];
    }[];
    expect(datasets.length).toBeGreaterThan(0);
    expect(datasets.every((d) => d.service === "energy_price" && d.reconciliation === null)).toBe(true);
    expect(datasets.every((d) => d.reports.length === 1)).toBe(true);
    const forAdmin = await call(HISTORY, "GET", "/api/v1/limits/history", admin);
    const adminSets = forAdmin.json.datasets as { reconciliation: { unexplained: number } | null }[];
    expect(adminSets.every((d) => d.reconciliation?.unexplained === 0)).toBe(true);
  });

  it("validates the query: an unknown service is a 400, an unknown dataset a 404", async () => {
    const bad = await call(HISTORY, "GET", "/api/v1/limits/history?service=gold", viewer);
    expect(bad.status).toBe(400);
    expect((bad.json.error as { code: string }).code).toBe("bad_request");
    const missing = await call(HISTORY, "GET", "/api/v1/limits/history?dataset=Atlantis", viewer);
    expect(missing.status).toBe(404);
  });

  it("shows everyone the vendor's calendar", async () => {
    const res = await call("v1/calendar/route.ts", "GET", "/api/v1/calendar", viewer);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      timeZone: "America/Chicago",
      onDemand: { possibleNow: expect.any(Boolean) },
      nextRelease: expect.any(String),
    });
    expect((res.json.windows as unknown[]).length).toBeGreaterThan(0);
  });

  it("lets only admins set thresholds, validated and audited", async () => {
    const file = "admin/quota/thresholds/route.ts";
    expect(
      (await call(file, "PUT", "/api/admin/quota/thresholds", viewer, { thresholds: [70] })).status,
    ).toBe(403);
    const bad = await call(file, "PUT", "/api/admin/quota/thresholds", admin, { thresholds: [70, 70] });
    expect(bad.status).toBe(400);
    const ok = await call(file, "PUT", "/api/admin/quota/thresholds", admin, { thresholds: [90, 70] });
    expect(ok).toEqual({ status: 200, json: { thresholds: [70, 90] } });
    expect((await call(file, "GET", "/api/admin/quota/thresholds", admin)).json).toEqual({
      thresholds: [70, 90],
    });
    const audit = await prisma().auditLog.findFirst({
      where: { action: "settings.update", target: "quotaThresholds" },
    });
    expect(audit).toMatchObject({ actorId: admin.id, details: { before: [80, 95], after: [70, 90] } });
  });

  it("refreshes the report on an admin's request, one call per service", async () => {
    const before = await prisma().limitsReport.count({ where: { trigger: "admin refresh" } });
    expect(before).toBe(0);
    const res = await call("admin/limits/refresh/route.ts", "POST", "/api/admin/limits/refresh", admin, {});
    expect(res.status).toBe(200);
    const calls = await prisma().upstreamCall.findMany({ where: { cause: "admin refresh" } });
    expect(calls.map((c) => c.service).sort()).toEqual(["energy_price", "industry_economics"]);
    expect(calls.every((c) => c.userId === admin.id)).toBe(true);
    expect(await prisma().limitsReport.count({ where: { trigger: "admin refresh" } })).toBeGreaterThan(0);
  });
});
