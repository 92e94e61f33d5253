// The whole sync against the simulator's live profile: region keys the app has never heard of,
// strings for scalars, shuffled points, extra fields, 9 forecast months, tokens revoked early,
// random 503/500s, other wording, a plan without History. Nothing may be left unloaded, and the
// data requests must still be the minimum.
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { unplannedAssessments } from "@/lib/services/datasets";
import { readSeries } from "@/lib/services/series";
import { vendorPlan } from "@/lib/sync/vendor-plan";
import { datasetOf } from "@/simulator/model/datasets";
import {
  currentRowsAreUnique,
  dropScenarioDatabase,
  type Scenario,
  scenario,
} from "../helpers/sync-scenario";

let current: Scenario | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});
afterAll(dropScenarioDatabase);

/** Listed assessments whose default rendering holds data. */
async function loadedCount(): Promise<number> {
  return prisma().assessment.count({
    where: { vanishedAt: null, variants: { some: { isDefault: true, lastFetchedAt: { not: null } } } },
  });
}

describe(`the live vendor's habits on ${process.env.TEST_DB_KIND}`, () => {
  it("loads every subscribed series at the minimum cost, learns the unpublished datasets, then follows a release", async () => {
    current = await scenario({ profile: "live", size: 120 });
    const first = await current.sync({ concurrency: 1 });
    const listed = await current.listedCodes();
    expect(first.status).toBe("done");
    expect(await loadedCount()).toBe(listed);
    expect(first.dataRequests).toBe(first.minimumDataRequests);
    expect(first.minimumDataRequests).toBe(listed);
    expect(Math.max(...(await current.paidPerCode()).values())).toBe(1);
    expect((await unplannedAssessments()).total).toBe(0);

    // Each coverage's dataset was learned, and learned right (the simulator's own scheme says).
    const assessments = await prisma().assessment.findMany({ select: { coverage: true, dataset: true } });
    for (const a of assessments) expect(a.dataset).toBe(datasetOf(a.coverage, "region", "live"));
    const sources = new Set((await prisma().datasetMapping.findMany()).map((m) => m.source));
    expect([...sources]).toEqual(["observed"]);

    // The habits were met, not avoided: faults retried, a revoked token replaced, History refused once.
    const outcomes = await prisma().upstreamCall.groupBy({ by: ["outcome"], _count: { _all: true } });
    const seen = new Set(outcomes.map((o) => o.outcome));
    expect(seen.has("unavailable") || seen.has("server_error")).toBe(true);
    expect((await vendorPlan()).industry_economics?.historyAvailable).toBe(false);
    expect(await prisma().upstreamCall.count({ where: { operation: "series_hist", outcome: "ok" } })).toBe(0);
    // Forecasts beyond six months and extra fields are kept.
    const longest = await prisma().$queryRaw<{ n: bigint }[]>`
      SELECT max(c) AS n FROM (SELECT count(*) AS c FROM "Observation" WHERE "kind" = 'forecast' AND "validTo" IS NULL GROUP BY "variantId") x`;
    expect(Number(longest[0]?.n)).toBe(9);
    const one = await prisma().assessment.findFirstOrThrow({ select: { raw: true } });
    expect(Object.keys(one.raw as object)).toContain("mdc_id");

    // A release: exactly one data request per changed code; asOf before it shows the old values.
    const before = new Map(
      (
        await prisma().assessment.findMany({ select: { service: true, code: true, upstreamUpdatedAt: true } })
      ).map((a) => [`${a.service}|${a.code}`, a.upstreamUpdatedAt?.getTime()]),
    );
    const releasedBefore = current.sim.state.clock.now();
    await current.sim.control("POST", "clock", { advance: "next-release" });
    await current.sim.control("POST", "clock", { advanceMs: 14 * 3_600_000 });
    const second = await current.sync({ concurrency: 1 });
    expect(second.status).toBe("done");
    const after = await prisma().assessment.findMany({
      where: { vanishedAt: null },
      select: { service: true, code: true, upstreamUpdatedAt: true },
    });
    const changed = after.filter(
      (a) => before.get(`${a.service}|${a.code}`) !== a.upstreamUpdatedAt?.getTime(),
    );
    expect(changed.length).toBeGreaterThan(0);
    expect(second.dataRequests).toBe(changed.length);
    expect(second.minimumDataRequests).toBe(changed.length);
    expect(await currentRowsAreUnique()).toBe(true);

    const revised = await prisma().observation.findFirst({
      where: { validTo: { not: null }, kind: "final" },
      include: { variant: { include: { assessment: true } } },
    });
    expect(revised).not.toBeNull();
    if (revised) {
      const a = revised.variant.assessment;
      const month = revised.month.toISOString().slice(0, 7);
      const old = await readSeries(
        null,
        { service: a.service, code: a.code },
        {
          from: new Date(`${month}-01T00:00:00Z`),
          to: new Date(`${month}-01T00:00:00Z`),
          asOf: releasedBefore,
        },
      );
      expect(old.finals[0]?.value).toBe(revised.value);
      const now = await readSeries(null, { service: a.service, code: a.code }, {});
      expect(now.finals.find((p) => p.date.startsWith(month))?.value).not.toBe(revised.value);
    }
  }, 180_000);

  it("learns datasets from a record field when the vendor sends one, without probing", async () => {
    current = await scenario({ datasetKeys: "region", regionScheme: "live", datasetField: "data_set" });
    const first = await current.sync({ concurrency: 1 });
    expect(first.status).toBe("done");
    expect(await loadedCount()).toBe(await current.listedCodes());
    expect(await prisma().datasetMapping.count()).toBe(0);
    expect(await prisma().upstreamCall.count({ where: { operation: "data_limits" } })).toBe(2);
    const assessments = await prisma().assessment.findMany({ select: { coverage: true, dataset: true } });
    for (const a of assessments) expect(a.dataset).toBe(datasetOf(a.coverage, "region", "live"));
  });

  it("keeps the data-limits report keyed by country working as before (no probe, no extra call)", async () => {
    current = await scenario();
    const first = await current.sync({ concurrency: 1 });
    expect(first.status).toBe("done");
    expect(await prisma().upstreamCall.count({ where: { operation: "data_limits" } })).toBe(2);
    expect(first.dataRequests).toBe(first.minimumDataRequests);
  });

  it("follows the vendor's catalogue: every field that differs from Series Info is written again", async () => {
    current = await scenario();
    await current.sync({ concurrency: 1 });
    const target = await prisma().assessment.findFirstOrThrow({ where: { kind: "energy" } });
    await prisma().assessment.update({
      where: { id: target.id },
      data: {
        availableUnits: ["gal"],
        defaultCurrency: "XXX",
        specification: "stale",
        hasForecast: !target.hasForecast,
        product: "stale",
        raw: {},
      },
    });
    const again = await current.sync({ concurrency: 1 });
    expect(again.dataRequests).toBe(0);
    const restored = await prisma().assessment.findUniqueOrThrow({ where: { id: target.id } });
    expect(restored).toMatchObject({
      availableUnits: target.availableUnits,
      defaultCurrency: target.defaultCurrency,
      specification: target.specification,
      hasForecast: target.hasForecast,
      product: target.product,
    });
    expect(restored.raw).toEqual(target.raw);
  });
});
