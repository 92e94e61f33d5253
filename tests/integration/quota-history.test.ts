// Quotas seen over time, against the simulator over HTTP: every data-limits report kept, polled
// once a day and once after a sync however many instances tick, the vendor's count reconciled with
// the app's ledger (and a spend behind the app's back found), thresholds fired once per crossing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { setProcessEnv } from "@/lib/env";
import { limitsHistory, reconciliationWarnings } from "@/lib/services/quota";
import { pollLimits, quotaHousekeeping, resetPollBackoff } from "@/lib/sync/quota-poll";
import { checkQuotaThresholds, type QuotaAlert, saveQuotaThresholds } from "@/lib/sync/quota-thresholds";
import { setUpstreamClient } from "@/lib/sync/upstream";
import { testClient } from "../helpers/sync";
import { dropScenarioDatabase, type Scenario, scenario } from "../helpers/sync-scenario";

let s: Scenario;
beforeAll(async () => {
  s = await scenario({ size: 90 });
  setProcessEnv({ UPSTREAM_BASE_URL: s.sim.url, UPSTREAM_USERNAME: "demo", UPSTREAM_PASSWORD: "demo" });
  setUpstreamClient(testClient(s.sim));
  await resetPollBackoff();
});
afterAll(async () => {
  setUpstreamClient(undefined);
  setProcessEnv({ UPSTREAM_BASE_URL: undefined, UPSTREAM_USERNAME: undefined, UPSTREAM_PASSWORD: undefined });
  await s?.close();
  await dropScenarioDatabase();
});

const simNow = () => s.sim.state.clock.now();
const limitsCalls = () => prisma().upstreamCall.count({ where: { operation: "data_limits", outcome: "ok" } });
const collect = () => {
  const fired: QuotaAlert[] = [];
  return { fired, sink: (a: QuotaAlert) => void fired.push(a) };
};

/** The first energy-price dataset the app knows codes of, and those codes. */
async function knownDataset() {
  const rows = await prisma().assessment.findMany({
    where: { service: "energy_price", dataset: { not: null } },
    select: { code: true, dataset: true },
    orderBy: { code: "asc" },
  });
  const dataset = rows[0]?.dataset as string;
  return { dataset, codes: rows.filter((r) => r.dataset === dataset).map((r) => r.code) };
}

describe(`quota history on ${process.env.TEST_DB_KIND}`, () => {
  it("keeps every data-limits report, with what asked for it", async () => {
    const summary = await s.sync();
    expect(summary.status).toBe("done");
    const calls = await prisma().upstreamCall.findMany({
      where: { operation: "data_limits", outcome: "ok" },
      select: { at: true, service: true, cause: true },
    });
    expect(calls.length).toBeGreaterThan(0);
    const reports = await prisma().limitsReport.findMany();
    // Each answered call left its whole report (one row per dataset key) stamped with its cause,
    // just after its ledger row was written (both on the simulator's moving clock).
    const groups = new Map<string, { at: number; service: string; triggers: Set<string> }>();
    for (const r of reports) {
      const key = `${r.service}|${r.reportedAt.toISOString()}`;
      const g = groups.get(key) ?? { at: r.reportedAt.getTime(), service: r.service, triggers: new Set() };
      g.triggers.add(r.trigger);
      groups.set(key, g);
    }
    expect(groups.size).toBe(calls.length);
    for (const call of calls) {
      const match = [...groups.values()].filter(
        (g) => g.service === call.service && g.at >= call.at.getTime() && g.at - call.at.getTime() < 5_000,
      );
      expect(match.length).toBeGreaterThan(0);
      expect(match.some((g) => g.triggers.size === 1 && g.triggers.has(call.cause))).toBe(true);
    }
  });

  it("polls once after the sync and once a day, however many instances tick", async () => {
    const client = testClient(s.sim);
    const before = await limitsCalls();
    const first = await Promise.all([1, 2, 3].map(() => quotaHousekeeping({ client })));
    expect(first.filter((o) => o === "after sync")).toHaveLength(1);
    expect(await limitsCalls()).toBe(before + 2); // one report per service
    // The same day: a report already came (the after-sync poll), so the daily poll asks nothing.
    expect(await Promise.all([1, 2].map(() => quotaHousekeeping({ client })))).toEqual(["idle", "idle"]);
    expect(await limitsCalls()).toBe(before + 2);

    // A report from well over a year ago is pruned by the next daily poll.
    const old = new Date(simNow().getTime() - 500 * 86_400_000);
    await prisma().limitsReport.create({
      data: {
        service: "energy_price",
        dataset: "Old",
        remaining: 1,
        total: 600,
        reportedAt: old,
        trigger: "test",
      },
    });
    await s.sim.control("POST", "clock", { advance: "next-day" });
    const next = await Promise.all([1, 2, 3].map(() => quotaHousekeeping({ client })));
    expect(next.filter((o) => o === "daily poll")).toHaveLength(1);
    expect(await limitsCalls()).toBe(before + 4);
    expect(await prisma().limitsReport.count({ where: { trigger: "daily poll" } })).toBeGreaterThan(0);
    expect(await prisma().limitsReport.count({ where: { dataset: "Old" } })).toBe(0);
    expect(await quotaHousekeeping({ client })).toBe("idle");

    // Inside a maintenance window nothing is sent (the 25th, noon US Central).
    const now = simNow();
    const inWindow = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 25, 18, 0));
    expect(await quotaHousekeeping({ client, now: inWindow })).toBe("window");
    expect(await limitsCalls()).toBe(before + 4);
  });

  it("reconciles the vendor's count with the ledger, and finds a spend behind the app's back", async () => {
    const client = testClient(s.sim);
    await pollLimits(client, "admin refresh");
    const clean = await limitsHistory({}, { admin: true, now: simNow() });
    expect(clean.datasets.length).toBeGreaterThan(0);
    // Everything the vendor counts, the app spent: no warning.
    expect(reconciliationWarnings(clean)).toEqual([]);
    const spentByApp = clean.datasets.reduce((n, d) => n + (d.reconciliation?.appSpent ?? 0), 0);
    expect(spentByApp).toBeGreaterThan(0);

    // Another client with the same login spends three codes of one dataset.
    const { dataset, codes } = await knownDataset();
    const res = await s.sim.get(`/energy_price/v1/export/series/${codes.slice(0, 3).join(",")}`);
    expect(res.status).toBe(200);
    await pollLimits(client, "admin refresh");
    const after = await limitsHistory({ service: "energy_price", dataset }, { admin: true, now: simNow() });
    expect(after.datasets).toHaveLength(1);
    expect(after.datasets[0]?.reconciliation?.unexplained).toBe(3);
    expect(reconciliationWarnings(after)[0]?.message).toContain("the vendor counts 3 more code(s)");
    // A viewer gets the reports and the projection, not the reconciliation.
    const viewer = await limitsHistory({ service: "energy_price", dataset }, { admin: false, now: simNow() });
    expect(viewer.datasets[0]?.reconciliation).toBeNull();
    expect(viewer.datasets[0]?.reports.every((r) => r.trigger === undefined)).toBe(true);
  });

  it("projects from this period's reports and the app's spend", async () => {
    const { dataset } = await knownDataset();
    const h = await limitsHistory({ service: "energy_price", dataset }, { admin: true, now: simNow() });
    const d = h.datasets[0];
    if (!d) throw new Error("no dataset");
    const last = d.reports.at(-1);
    expect(d.projection.remainingNow).toBe(last?.remaining);
    expect(d.projection.spentSoFar).toBe(d.total - (last?.remaining ?? 0));
    // The refresh ran this period: nothing more is counted for it, and the projection can only fall.
    expect(h.refresh.done).toBe(true);
    expect(d.projection.refreshToCome).toBe(0);
    expect(d.projection.projectedRemaining).toBeLessThanOrEqual(d.remaining);
    expect(d.appSpend.at(-1)?.spent).toBe(d.reconciliation?.appSpent);
    expect(h.daily.used).toBeGreaterThan(0);
    expect(h.daily.history.at(-1)?.day).toBe(h.daily.day);
    await expect(limitsHistory({ dataset: "No such dataset" }, { admin: true })).rejects.toMatchObject({
      status: 404,
    });
  });

  it("fires each threshold once per crossing, and again next period", async () => {
    await saveQuotaThresholds({ thresholds: [50, 90] }, "test");
    const client = testClient(s.sim);
    const { dataset } = await knownDataset();
    const meter = `dataset:energy_price:${dataset}`;
    const drawDown = async (remaining: number) => {
      await s.sim.control("POST", "quotas", { service: "energy_price", dataset, remaining });
      await pollLimits(client, "admin refresh");
    };
    await drawDown(240); // 60 % used
    const a = collect();
    await checkQuotaThresholds(simNow(), a.sink);
    expect(a.fired.map((f) => [f.meter, f.threshold])).toEqual([[meter, 50]]);
    // Checked again (another tick, another instance): nothing new.
    const b = collect();
    await Promise.all([checkQuotaThresholds(simNow(), b.sink), checkQuotaThresholds(simNow(), b.sink)]);
    expect(b.fired).toEqual([]);
    await drawDown(30); // 95 % used
    const c = collect();
    await checkQuotaThresholds(simNow(), c.sink);
    expect(c.fired.map((f) => f.threshold)).toEqual([90]);
    expect(await prisma().quotaAlert.count({ where: { meter } })).toBe(2);

    // The next release period: the quota is back, and a new crossing fires again.
    await s.sim.control("POST", "clock", { advance: "next-release" });
    await s.sim.control("POST", "clock", { advanceMs: 14 * 3_600_000 }); // past the 22:00 a client assumes
    await drawDown(0);
    const d = collect();
    await checkQuotaThresholds(simNow(), d.sink);
    expect(d.fired.filter((f) => f.meter === meter).map((f) => f.threshold)).toEqual([50, 90]);
    expect(new Set(d.fired.map((f) => f.period)).size).toBe(1);
    expect(d.fired[0]?.period).not.toBe(a.fired[0]?.period);
  });
});
