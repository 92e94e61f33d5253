// The analyses endpoints (location factors, estimate, vintages, forecast accuracy) through their
// route handlers, on a database synced from the simulator over several monthly releases.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as forecastAccuracyRoute from "@/app/api/v1/forecast-accuracy/route";
import * as locationFactorsRoute from "@/app/api/v1/location-factors/route";
import * as seriesAccuracyRoute from "@/app/api/v1/series/[service]/[code]/forecast-accuracy/route";
import * as vintagesRoute from "@/app/api/v1/series/[service]/[code]/vintages/route";
import * as estimateRoute from "@/app/api/v1/tools/estimate/route";
import { issueApiToken } from "@/lib/auth/api-tokens";
import { prisma } from "@/lib/db/client";
import { readSeries } from "@/lib/services/series";
import { addUser } from "@/lib/services/users";
import { setUpstreamClient } from "@/lib/sync/upstream";
import { testClient } from "../helpers/sync";
import { dropScenarioDatabase, type Scenario, scenario } from "../helpers/sync-scenario";

const RELEASES = 4;
let s: Scenario;
let token = "";

beforeAll(async () => {
  s = await scenario({ size: 500 });
  setUpstreamClient(testClient(s.sim));
  expect((await s.sync()).status).toBe("done");
  for (let i = 0; i < RELEASES; i++) {
    await s.sim.control("POST", "clock", { advance: "next-release" });
    await s.sim.control("POST", "clock", { advanceMs: 3_600_000 });
    expect((await s.sync()).status).toBe("done");
  }
  const user = await addUser(null, {
    email: "analyst@example.com",
    password: "analyst-pass",
    role: "viewer",
  });
  if ("error" in user) throw new Error(String(user.error));
  token = (await issueApiToken(user.id, "test", null)).token;
}, 240_000);
afterAll(async () => {
  setUpstreamClient(undefined);
  await s?.close();
  await dropScenarioDatabase();
});

type Handler = {
  GET: (r: Request, c: { params: Promise<Record<string, string>> }) => Promise<Response>;
};
async function get(
  mod: Handler,
  path: string,
  params = {},
  auth = true,
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers, checked field by field below
): Promise<{ status: number; body: any }> {
  const res = await mod.GET(
    new Request(`http://localhost${path}`, {
      headers: { authorization: `Bearer ${auth ? token : "pat_unknown"}` },
    }),
    { params: Promise.resolve(params) },
  );
  return { status: res.status, body: await res.json() };
}

/** The latest final of each location factor against the United States, by country. */
async function factorsAgainstUs() {
  const rows = await prisma().$queryRaw<{ coverage: string; code: string; value: number; month: Date }[]>`
    SELECT DISTINCT ON (a."coverage") a."coverage", a."code", o."value", o."month"
    FROM "Assessment" a JOIN "SeriesVariant" v ON v."assessmentId" = a."id" AND v."isDefault"
    JOIN "Observation" o ON o."variantId" = v."id" AND o."validTo" IS NULL
    WHERE a."kind" = 'location_factor' AND a."details" = 'Relative to United States = 1.00' AND a."status" = 'active'
    ORDER BY a."coverage", o."month" DESC`;
  return new Map(rows.map((r) => [r.coverage, r]));
}

describe(`analyses API on ${process.env.TEST_DB_KIND}`, () => {
  it("answers 401 in the one error shape to an unknown token", async () => {
    const r = await get(locationFactorsRoute, "/api/v1/location-factors", {}, false);
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe("unauthorized");
  });

  it("gives every country relative to a base: LF_B / LF_A through the common reference", async () => {
    const us = await factorsAgainstUs();
    expect(us.size).toBeGreaterThan(3);
    const r = await get(locationFactorsRoute, "/api/v1/location-factors?base=United%20States");
    expect(r.status).toBe(200);
    expect(r.body.items.find((i: { country: string }) => i.country === "United States")).toMatchObject({
      value: 1,
      method: "base",
    });
    for (const [country, row] of us)
      expect(r.body.items.find((i: { country: string }) => i.country === country)).toMatchObject({
        value: row.value,
        method: "direct",
        codes: [row.code],
      });
    // Another base: a country with no direct pair against it is derived via the United States.
    const [base, baseRow] = [...us].find(([c]) => c !== "United States") as [string, { value: number }];
    const other = await get(
      locationFactorsRoute,
      `/api/v1/location-factors?base=${encodeURIComponent(base)}`,
    );
    expect(other.status).toBe(200);
    const derived = other.body.items.filter((i: { method: string }) => i.method === "derived");
    expect(derived.length).toBeGreaterThan(0);
    for (const d of derived.filter((i: { via: string }) => i.via === "United States")) {
      const lf = d.country === "United States" ? 1 : (us.get(d.country)?.value as number);
      expect(d.value).toBeCloseTo(lf / baseRow.value, 4);
    }
    expect(other.body.items.map((i: { country: string }) => i.country)).not.toEqual(
      r.body.items.map((i: { country: string }) => i.country),
    );
  });

  it("takes the latest month not after the one asked, and refuses what it cannot answer", async () => {
    const r = await get(locationFactorsRoute, "/api/v1/location-factors?month=2020-02");
    expect(r.status).toBe(200);
    for (const i of r.body.items) if (i.month) expect(i.month <= "2020-02").toBe(true);
    expect((await get(locationFactorsRoute, "/api/v1/location-factors?month=2020-13")).status).toBe(400);
    const early = await get(locationFactorsRoute, "/api/v1/location-factors?month=1990-01");
    expect(early.status).toBe(422);
    const nowhere = await get(locationFactorsRoute, "/api/v1/location-factors?base=Atlantis");
    expect(nowhere.status).toBe(422);
    expect(nowhere.body.error).toMatchObject({ code: "unprocessable", details: { field: "base" } });
  });

  it("escalates and relocates an amount, every step listed, forecast months labelled", async () => {
    const us = await factorsAgainstUs();
    const index = await prisma().assessment.findFirst({
      where: { kind: "cost_index", status: "active", hasForecast: true, coverage: { in: [...us.keys()] } },
      include: { variants: { where: { isDefault: true } } },
      orderBy: { code: "asc" },
    });
    if (!index) throw new Error("no cost index in a covered country");
    const rows = await prisma().observation.findMany({
      where: { variantId: index.variants[0]?.id, validTo: null },
      orderBy: { month: "asc" },
    });
    const from = rows.find((o) => o.month.toISOString().startsWith("2015-06"));
    const to = rows.findLast((o) => o.kind === "forecast");
    if (!from || !to) throw new Error("index lacks 2015-06 or forecasts");
    const target = index.coverage === "United States" ? ([...us.keys()][0] as string) : "United States";
    const q = new URLSearchParams({
      amount: "1000000",
      currency: "usd",
      month: "2015-06",
      country: index.coverage,
      targetMonth: to.month.toISOString().slice(0, 7),
      targetCountry: target,
      index: index.code,
    });
    const r = await get(estimateRoute, `/api/v1/tools/estimate?${q}`);
    expect(r.status).toBe(200);
    const escalated = Math.round(((1_000_000 * to.value) / from.value) * 100) / 100;
    expect(r.body.steps[0]).toMatchObject({
      step: "escalate",
      codes: [index.code],
      from: { value: from.value, forecast: false },
      to: { value: to.value, forecast: true },
      amount: escalated,
    });
    expect(r.body.forecast).toBe(true);
    expect(r.body.steps[1]).toMatchObject({ step: "relocate", from: index.coverage, to: target });
    const factor = r.body.steps[1].factor as number;
    expect(r.body.results).toEqual([{ currency: "USD", amount: Math.round(escalated * factor * 100) / 100 }]);

    const tooEarly = await get(estimateRoute, `/api/v1/tools/estimate?${q}`.replace("2015-06", "1999-01"));
    expect(tooEarly.status).toBe(422);
    expect(tooEarly.body.error.details.field).toBe("month");
    q.set("targetCountry", "Atlantis");
    const nowhere = await get(estimateRoute, `/api/v1/tools/estimate?${q}`);
    expect(nowhere.status).toBe(422);
    expect(nowhere.body.error.details.field).toBe("targetCountry");
    expect((await get(estimateRoute, "/api/v1/tools/estimate?amount=-1")).status).toBe(400);
  });

  it("gives the result in another currency when a series stored in both implies the rate", async () => {
    const a = await prisma().assessment.findFirst({
      where: {
        service: "energy_price",
        status: "active",
        defaultCurrency: "USD",
        availableCurrencies: { has: "EUR" },
      },
      orderBy: { code: "asc" },
    });
    const index = await prisma().assessment.findFirst({
      where: { kind: "cost_index", status: "active" },
      orderBy: { code: "asc" },
    });
    if (!a || !index) throw new Error("no USD energy series with EUR, or no cost index");
    const viewer = { id: "fx-viewer", email: "fx@example.com", name: null, role: "viewer" as const };
    const eur = await readSeries(
      viewer,
      { service: a.service, code: a.code },
      { currency: "EUR", unit: a.defaultUnit },
    );
    const usd = await readSeries(viewer, { service: a.service, code: a.code }, {});
    const month = "2020-01";
    const at = (v: typeof eur) => v.finals.find((p) => p.date.startsWith(month))?.value as number;
    const q = new URLSearchParams({
      amount: "1000",
      currency: "USD",
      month: "2015-06",
      country: index.coverage,
      targetMonth: month,
      targetCountry: index.coverage,
    });
    const r = await get(estimateRoute, `/api/v1/tools/estimate?${q}`);
    expect(r.status).toBe(200);
    const usdAmount = r.body.results[0].amount as number;
    expect(r.body.results[1]).toMatchObject({
      currency: "EUR",
      month,
      code: a.code,
      amount: Math.round(usdAmount * (at(eur) / at(usd)) * 100) / 100,
    });
  });

  it("lists vintages and the revisions between two of them", async () => {
    const revised = await prisma().$queryRaw<{ variantId: number; month: Date }[]>`
      SELECT o."variantId", o."month" FROM "Observation" o JOIN "SeriesVariant" v ON v."id" = o."variantId" AND v."isDefault"
      WHERE o."kind" = 'final' GROUP BY 1, 2 HAVING count(*) > 1 ORDER BY 1, 2 LIMIT 1`;
    const row = revised[0];
    if (!row) throw new Error("no revised final");
    const variant = await prisma().seriesVariant.findUniqueOrThrow({
      where: { id: row.variantId },
      include: { assessment: true },
    });
    const versions = await prisma().observation.findMany({
      where: { variantId: row.variantId, month: row.month },
      orderBy: { validFrom: "asc" },
    });
    const params = { service: variant.assessment.service, code: variant.assessment.code };
    const all = await get(vintagesRoute, "/vintages", params);
    expect(all.status).toBe(200);
    expect(all.body.vintages.length).toBeGreaterThan(1);
    const first = all.body.vintages[0].date;
    const last = all.body.vintages.at(-1).date;
    const month = row.month.toISOString().slice(0, 7);
    expect(all.body.vintages.some((v: { revised: string[] }) => v.revised.includes(month))).toBe(true);
    const cmp = await get(vintagesRoute, `/vintages?a=${first}&b=${last}`, params);
    const rev = cmp.body.comparison.revisions.find((x: { month: string }) => x.month === month);
    expect(rev).toMatchObject({ old: versions[0]?.value, new: versions.at(-1)?.value });
    expect(
      (await get(vintagesRoute, "/vintages", { service: "industry_economics", code: "1-1-1" })).status,
    ).toBe(404);
  });

  it("scores past forecasts against the finals that arrived, by horizon", async () => {
    const index = await prisma().assessment.findFirst({
      where: { kind: "cost_index", status: "active", hasForecast: true },
      orderBy: { code: "asc" },
    });
    if (!index) throw new Error("no cost index");
    const r = await get(seriesAccuracyRoute, "/forecast-accuracy", {
      service: index.service,
      code: index.code,
    });
    expect(r.status).toBe(200);
    expect(r.body.vintages.length).toBeGreaterThanOrEqual(RELEASES);
    expect(r.body.byHorizon[0]).toMatchObject({ horizon: 1 });
    expect(r.body.byHorizon[0].count).toBeGreaterThanOrEqual(RELEASES - 1);
    const point = r.body.vintages[0].points.find((p: { final: number | null }) => p.final !== null);
    expect(point.errorPct).toBeCloseTo(((point.forecast - point.final) / point.final) * 100, 3);

    const ranking = await get(forecastAccuracyRoute, "/api/v1/forecast-accuracy?service=industry_economics");
    expect(ranking.status).toBe(200);
    expect(ranking.body.items.length).toBeGreaterThan(0);
    const mapes = ranking.body.items.map((i: { mape: number }) => i.mape);
    expect(mapes).toEqual([...mapes].sort((a, b) => a - b));
    const scored = ranking.body.items.find((i: { code: string }) => i.code === index.code);
    expect(scored?.mape).toBeCloseTo(r.body.overall.mape, 4);
  });
});
