// The ledger, the sync runs list and the metrics, after a real sync against the simulator (over
// HTTP) plus a user's on-demand call and a refused call.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { issueApiToken } from "@/lib/auth/api-tokens";
import { prisma } from "@/lib/db/client";
import type { SessionUser } from "@/lib/domain/roles";
import { createApiToken } from "@/lib/services/api-tokens";
import { cachedRead } from "@/lib/services/read-cache";
import { addUser } from "@/lib/services/users";
import { runSync } from "@/lib/sync/run";
import { callRoute } from "../helpers/admin-calls";
import { installTestDatabase, type TestDatabase } from "../helpers/database";
import { startTestSimulator, type TestSimulator } from "../helpers/simulator";
import { testClient } from "../helpers/sync";

const session = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("@/lib/auth/session", () => ({
  currentUser: async () => session.user,
  requireUser: async () => session.user,
  requireAdmin: async () => session.user,
}));

let db: TestDatabase;
let sim: TestSimulator;
let admin: SessionUser;
let viewer: SessionUser;
let runId: string;

type Page = {
  items: { id: string; operation: string; outcome: string; user: string | null; syncRunId: string | null }[];
  total: number;
  totals: { calls: number; dataRequests: number };
};

const asAdmin = async (path: string) => {
  const res = await callRoute(session, "admin/calls/route.ts", path, { user: admin });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Page;
};

beforeAll(async () => {
  db = await installTestDatabase();
  sim = await startTestSimulator({ size: 60 });
  const a = await addUser(null, { email: "admin@ledger.test", password: "admin-password", role: "admin" });
  const v = await addUser(null, { email: "viewer@ledger.test", password: "viewer-password", role: "viewer" });
  admin = { id: a.id, email: a.email, name: null, role: "admin" };
  viewer = { id: v.id, email: v.email, name: null, role: "viewer" };
  const client = testClient(sim);
  const result = await runSync({
    trigger: "admin",
    requestedBy: admin.email,
    actorId: admin.id,
    client,
    now: () => sim.state.clock.now(),
  });
  expect(result.status).toBe("done");
  runId = result.runId ?? "";
  // A user's on-demand fetch of one code, and a call the vendor refuses (unknown currency id).
  const code = (await prisma().assessment.findFirstOrThrow({ where: { service: "energy_price" } })).code;
  await client.seriesValues("energy_price", { codes: [code] }, { cause: "on-demand", userId: viewer.id });
  await expect(
    client.seriesValues("energy_price", { codes: [code], currencyId: 987_654 }, { cause: "on-demand" }),
  ).rejects.toThrow();
}, 120_000);
afterAll(async () => {
  await sim?.close();
  await db?.drop();
});

describe(`ledger on ${process.env.TEST_DB_KIND}`, () => {
  it("pages the whole ledger newest first, with the totals of the filtered set", async () => {
    const all = await prisma().upstreamCall.aggregate({
      _count: { _all: true },
      _sum: { dataRequests: true },
    });
    const first = await asAdmin("/api/admin/calls?pageSize=5");
    expect(first.totals).toEqual({ calls: all._count._all, dataRequests: all._sum.dataRequests });
    expect(first.items).toHaveLength(5);
    const second = await asAdmin("/api/admin/calls?pageSize=5&page=2");
    expect(second.items).toHaveLength(5);
    expect(second.items.map((i) => i.id)).not.toContain(first.items[0]?.id);
    // newest first: ids fall (the clock is the simulator's, so ties are broken by id)
    const ids = [...first.items, ...second.items].map((i) => Number(i.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it("filters by operation, trigger, user, outcome, run and time", async () => {
    const hist = await asAdmin("/api/admin/calls?operation=series_hist&pageSize=200");
    expect(hist.totals.calls).toBe(
      await prisma().upstreamCall.count({ where: { operation: "series_hist" } }),
    );
    expect(hist.totals.calls).toBeGreaterThan(0);
    expect(hist.items.every((i) => i.operation === "series_hist")).toBe(true);

    const sync = await asAdmin("/api/admin/calls?trigger=sync");
    expect(sync.totals.calls).toBe(await prisma().upstreamCall.count({ where: { syncRunId: runId } }));
    const run = await asAdmin(`/api/admin/calls?run=${runId}`);
    expect(run.totals).toEqual(sync.totals);

    const onDemand = await asAdmin("/api/admin/calls?trigger=on-demand");
    expect(onDemand.totals.calls).toBe(2);
    const mine = await asAdmin(`/api/admin/calls?trigger=on-demand&user=${encodeURIComponent(viewer.email)}`);
    expect(mine.totals).toEqual({ calls: 1, dataRequests: 1 });
    expect(mine.items[0]?.user).toBe(viewer.email);
    expect((await asAdmin("/api/admin/calls?user=nobody@ledger.test")).totals.calls).toBe(0);

    const refused = onDemand.items.find((i) => i.outcome !== "ok");
    expect(refused).toBeDefined();
    const byOutcome = await asAdmin(`/api/admin/calls?outcome=${refused?.outcome}`);
    expect(byOutcome.items.map((i) => i.id)).toEqual([refused?.id]);

    const ok = await asAdmin("/api/admin/calls?outcome=ok&operation=series&service=energy_price");
    expect(ok.items.every((i) => i.outcome === "ok" && i.operation === "series")).toBe(true);
    // The ledger is on the vendor's (the simulator's) clock: 2026-11-20.
    expect((await asAdmin("/api/admin/calls?from=2026-11-21")).totals.calls).toBe(0);
    expect((await asAdmin("/api/admin/calls?to=2026-11-19")).totals.calls).toBe(0);
    expect((await asAdmin("/api/admin/calls?from=2026-11-20&to=2026-11-20")).total).toBe(
      await prisma().upstreamCall.count(),
    );
  });

  it("refuses bad filters and pages that are too large", async () => {
    for (const q of [
      "pageSize=1000",
      "operation=nope",
      "outcome=nope",
      "trigger=cron",
      "from=yesterday",
      "page=0",
      "extra=1",
    ]) {
      const res = await callRoute(session, "admin/calls/route.ts", `/api/admin/calls?${q}`, { user: admin });
      expect(res.status, q).toBe(400);
      expect((await res.json()).error.code).toBe("bad_request");
    }
  });

  it("lists recent sync runs with plan, cost, duration and who started them", async () => {
    const res = await callRoute(session, "admin/sync/runs/route.ts", "/api/admin/sync/runs", { user: admin });
    const body = (await res.json()) as {
      items: {
        id: string;
        status: string;
        trigger: string;
        requestedBy: string;
        durationMs: number;
        plannedCalls: number;
        calls: number;
        dataRequests: number;
      }[];
      total: number;
    };
    expect(body.total).toBe(1);
    const run = body.items[0];
    expect(run).toMatchObject({ id: runId, status: "done", trigger: "admin", requestedBy: admin.email });
    expect(run?.durationMs).toBeGreaterThanOrEqual(0);
    expect(run?.plannedCalls).toBeGreaterThan(0);
    expect(run?.dataRequests).toBe(
      (await prisma().upstreamCall.aggregate({ where: { syncRunId: runId }, _sum: { dataRequests: true } }))
        ._sum.dataRequests,
    );
    // and the sync start is audited with the admin as its actor
    const audit = await prisma().auditLog.findMany({ where: { action: "sync.start" } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, target: runId });
  });
});

/** The value of one series in a Prometheus text exposition (null when absent). */
function sample(text: string, name: string, labels: Record<string, string>): number | null {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`)) continue;
    const m = /^[^{]+\{([^}]*)\} (\S+)$/.exec(line);
    if (!m?.[1] || !m[2]) continue;
    const got = Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[2]);
  }
  return null;
}

describe(`metrics on ${process.env.TEST_DB_KIND}`, () => {
  const metrics = (as: { user?: SessionUser | null; token?: string }) =>
    callRoute(session, "metrics/route.ts", "/api/metrics", as);

  it("admits an admin session or an admin's token with the metrics scope, and nobody else", async () => {
    const metricsToken = (await createApiToken(admin, { name: "prometheus", scopes: ["metrics"] })).token;
    const readToken = (await issueApiToken(admin.id, "read", null, ["read"])).token;
    const viewerMetrics = (await issueApiToken(viewer.id, "forged", null, ["metrics"])).token;
    expect((await metrics({})).status).toBe(401);
    expect((await metrics({ user: viewer })).status).toBe(403);
    expect((await metrics({ token: readToken })).status).toBe(403);
    // a metrics token stored for a viewer (not creatable through the app) still needs the admin role
    expect((await metrics({ token: viewerMetrics })).status).toBe(403);
    const res = await metrics({ token: metricsToken });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    expect((await metrics({ user: admin })).status).toBe(200);
    // the metrics scope reaches nothing else
    const other = await callRoute(session, "admin/calls/route.ts", "/api/admin/calls", {
      token: metricsToken,
    });
    expect(other.status).toBe(403);
    await expect(createApiToken(viewer, { name: "x", scopes: ["metrics"] })).rejects.toMatchObject({
      status: 403,
    });
  });

  it("reports the ledger, quotas, runs, request latency and cache reads", async () => {
    await cachedRead("metrics-test", async () => ({ n: 1 }));
    await cachedRead("metrics-test", async () => ({ n: 1 }));
    await asAdmin("/api/admin/calls?pageSize=1");
    const text = await (await metrics({ user: admin })).text();

    const hist = await prisma().upstreamCall.aggregate({
      where: { service: "energy_price", operation: "series_hist", outcome: "ok" },
      _count: { _all: true },
      _sum: { dataRequests: true },
    });
    expect(hist._count._all).toBeGreaterThan(0);
    const labels = { service: "energy_price" as const, operation: "series_hist" as const };
    expect(sample(text, "price_atlas_upstream_calls_total", { ...labels, outcome: "ok" })).toBe(
      hist._count._all,
    );
    const requests = await prisma().upstreamCall.aggregate({ where: labels, _sum: { dataRequests: true } });
    expect(sample(text, "price_atlas_upstream_data_requests_total", labels)).toBe(requests._sum.dataRequests);

    const budget = await prisma().datasetBudget.findFirstOrThrow();
    expect(
      sample(text, "price_atlas_quota_remaining_codes", { service: budget.service, dataset: budget.dataset }),
    ).toBe(budget.remaining);
    expect(sample(text, "price_atlas_sync_runs", { status: "done" })).toBe(1);
    expect(
      sample(text, "price_atlas_sync_last_duration_seconds", { trigger: "admin", status: "done" }),
    ).toBeGreaterThan(0);
    // latency by route pattern, not by raw URL
    expect(
      sample(text, "price_atlas_http_request_duration_seconds_count", {
        route: "/api/admin/calls",
        method: "GET",
        status: "200",
      }),
    ).toBeGreaterThan(0);
    expect(text).not.toContain("pageSize=");
    expect(sample(text, "price_atlas_read_cache_requests_total", { result: "hit" })).toBeGreaterThanOrEqual(
      1,
    );
  });
});
