import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { readSeries } from "@/lib/services/series";
import { setUpstreamClient } from "@/lib/sync/upstream";
import { testClient } from "./sync";
import { currentRowsAreUnique, dropScenarioDatabase, type Scenario, scenario } from "./sync-scenario";

// Six monthly releases synced one after another, then what users see of them. Run with the
// simulator's default habits and with the live vendor's (no History, other wording, region keys
// learned by probing, transient faults, revoked tokens): one test file each.
export function lifecycleSuite(PROFILE: "default" | "live") {
  const live = PROFILE === "live";

  let s: Scenario;
  beforeAll(async () => {
    s = await scenario({ size: 600, profile: PROFILE });
    setUpstreamClient(testClient(s.sim));
    expect((await s.sync()).status).toBe("done");
    // Six monthly releases: new months, moved forecasts, revisions, discontinuations.
    for (let i = 0; i < 6; i++) {
      await s.sim.control("POST", "clock", { advance: "next-release" });
      await s.sim.control("POST", "clock", { advanceMs: 3_600_000 });
      const result = await s.sync();
      expect(result.status).toBe("done");
      expect(result.dataRequests).toBe(result.minimumDataRequests);
    }
  }, 240_000);
  afterAll(async () => {
    setUpstreamClient(undefined);
    await s?.close();
  });

  const viewer = { id: "viewer-1", email: "v@example.com", name: null, role: "viewer" as const };

  afterAll(dropScenarioDatabase);

  describe(`lifecycle over releases on ${process.env.TEST_DB_KIND} (${PROFILE} profile)`, () => {
    it("keeps revised finals as vintages and answers 'as of' from them", async () => {
      const revised = await prisma().$queryRaw<{ variantId: number; month: Date }[]>`
      SELECT "variantId", "month" FROM "Observation" WHERE "kind" = 'final'
      GROUP BY 1, 2 HAVING count(*) > 1 LIMIT 1`;
      expect(revised.length).toBe(1);
      const row = revised[0] as { variantId: number; month: Date };
      const vintages = await prisma().observation.findMany({
        where: { variantId: row.variantId, month: row.month, kind: "final" },
        orderBy: { validFrom: "asc" },
        include: { variant: { include: { assessment: true } } },
      });
      const [old, latest] = [vintages[0], vintages.at(-1)];
      if (!old || !latest) throw new Error("expected two vintages");
      expect(old.validTo?.getTime()).toBe(vintages[1]?.validFrom.getTime());
      const a = latest.variant.assessment;
      const month = row.month.toISOString().slice(0, 7);
      const asOf = new Date((vintages[1]?.validFrom.getTime() ?? 0) - 86_400_000).toISOString().slice(0, 10);
      const thenView = await readSeries(
        viewer,
        { service: a.service, code: a.code },
        { asOf: new Date(`${asOf}T23:59:59Z`) },
      );
      const nowView = await readSeries(viewer, { service: a.service, code: a.code }, {});
      const at = (v: typeof nowView) => v.finals.find((p) => p.date.startsWith(month))?.value;
      expect(at(thenView)).toBe(old.value);
      expect(at(nowView)).toBe(latest.value);
      expect(await currentRowsAreUnique()).toBe(true);
    });

    it("marks discontinued series with their replacement, which is loaded in full", async () => {
      const discontinued = await prisma().assessment.findMany({
        where: { status: "discontinued", replacedById: { not: null } },
        include: { replacedBy: { include: { variants: true } } },
      });
      expect(discontinued.length).toBeGreaterThan(0);
      for (const d of discontinued) {
        // In full where the plan has History; its 13 months where it has not.
        expect(
          d.replacedBy?.variants.some((v) => v.isDefault && (live ? v.lastFetchedAt : v.historyLoaded)),
        ).toBe(true);
        expect(d.remark2).toContain(d.replacedBy?.code);
      }
    });

    it("fetches a new currency/unit rendering once for many simultaneous viewers", async () => {
      const a = await prisma().assessment.findFirst({
        where: { service: "energy_price", status: "active", availableCurrencies: { has: "EUR" } },
        orderBy: { code: "asc" },
      });
      if (!a) throw new Error("no EUR-capable energy series");
      const unit = a.availableUnits.find((u) => u !== a.defaultUnit) ?? a.defaultUnit;
      const before = await prisma().upstreamCall.count({ where: { cause: "on-demand" } });
      const views = await Promise.all(
        Array.from({ length: 50 }, () =>
          readSeries(viewer, { service: a.service, code: a.code }, { currency: "EUR", unit }),
        ),
      );
      expect(await prisma().upstreamCall.count({ where: { cause: "on-demand" } })).toBe(before + 1);
      expect(new Set(views.map((v) => `${v.currency}/${v.unit}/${v.finals.length}`)).size).toBe(1);
      expect(views[0]?.currency).toBe("EUR");
      expect(views[0]?.finals.length).toBeGreaterThanOrEqual(live ? 13 : 200);
      // The next sync keeps this rendering fresh too, since someone uses it.
      const variant = await prisma().seriesVariant.findFirst({
        where: { assessmentId: a.id, currency: "EUR", unit },
      });
      expect(variant?.lastRequestedAt).not.toBeNull();
    });

    it("refuses a currency outside the assessment's list with the field named", async () => {
      const a = await prisma().assessment.findFirst({ where: { kind: "cost_index" } });
      if (!a) throw new Error("no cost index");
      await expect(
        readSeries(viewer, { service: a.service, code: a.code }, { currency: "EUR" }),
      ).rejects.toMatchObject({
        status: 400,
        details: { field: "currency" },
      });
    });
  });
}
