// Catalogue search and facets against a synced catalogue, checked against a count done in memory
// over every assessment (the definition of what each facet means).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CatalogueFilter, FacetField } from "@/lib/db/catalogue";
import { prisma } from "@/lib/db/client";
import { catalogueQuerySchema, listCatalogue } from "@/lib/services/catalogue";
import { dropScenarioDatabase, type Scenario, scenario } from "../helpers/sync-scenario";

type Row = Awaited<ReturnType<typeof allAssessments>>[number];
const allAssessments = () => prisma().assessment.findMany();

const valuesOf: Record<FacetField, (a: Row) => string[]> = {
  service: (a) => [a.service],
  kind: (a) => [a.kind],
  commodity: (a) => [a.commodity],
  coverage: (a) => [a.coverage],
  location: (a) => [a.location],
  currency: (a) => [...new Set([...a.availableCurrencies, a.defaultCurrency])],
  unit: (a) => [...new Set([...a.availableUnits, a.defaultUnit])],
  status: (a) => [a.status],
  hasForecast: (a) => [String(a.hasForecast)],
};
const filterOf: Record<FacetField, keyof CatalogueFilter> = {
  service: "service",
  kind: "kind",
  commodity: "commodity",
  coverage: "country",
  location: "location",
  currency: "currency",
  unit: "unit",
  status: "status",
  hasForecast: "hasForecast",
};

function matches(a: Row, f: CatalogueFilter, without?: keyof CatalogueFilter): boolean {
  const words = (f.q ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.every((w) => a.searchText.includes(w))) return false;
  return (Object.keys(filterOf) as FacetField[]).every((field) => {
    const key = filterOf[field];
    const wanted = f[key];
    return key === without || wanted === undefined || valuesOf[field](a).includes(String(wanted));
  });
}

function expectedFacets(rows: Row[], f: CatalogueFilter) {
  return Object.fromEntries(
    (Object.keys(valuesOf) as FacetField[]).map((field) => {
      const counts = new Map<string, number>();
      for (const a of rows.filter((r) => matches(r, f, filterOf[field])))
        for (const v of valuesOf[field](a)) counts.set(v, (counts.get(v) ?? 0) + 1);
      const list = [...counts].map(([value, count]) => ({ value, count }));
      return [field, list.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))];
    }),
  );
}

let s: Scenario | undefined;
let rows: Row[] = [];
beforeAll(async () => {
  s = await scenario({ size: 120 });
  expect((await s.sync()).status).toBe("done");
  rows = await allAssessments();
}, 120_000);
afterAll(async () => {
  await s?.close();
  await dropScenarioDatabase();
});

describe(`catalogue search and facets (${process.env.TEST_DB_KIND})`, () => {
  const check = async (raw: Record<string, string>) => {
    const query = catalogueQuerySchema.parse({ pageSize: "500", ...raw });
    const { sort: _s, dir: _d, page: _p, pageSize: _ps, ...filter } = query;
    const answer = await listCatalogue(query, true);
    const expected = rows.filter((r) => matches(r, filter));
    expect(answer.total).toBe(expected.length);
    expect(answer.items.map((i) => i.id).sort()).toEqual(expected.map((r) => r.id).sort());
    expect(answer.facets).toEqual(expectedFacets(rows, filter));
    return answer;
  };

  it("counts every facet over the whole catalogue, currencies and units from the lists offered", async () => {
    const answer = await check({});
    expect(answer.total).toBe(rows.length);
    // Assessments offer several currencies: the currency facet counts more than one per assessment.
    const currencies = answer.facets?.currency ?? [];
    expect(currencies.reduce((n, c) => n + c.count, 0)).toBeGreaterThan(rows.length);
  });

  it("counts each facet within the other filters, never its own", async () => {
    const a = rows.find((r) => r.availableCurrencies.length > 1) ?? rows[0];
    if (!a) throw new Error("empty catalogue");
    const currency = a.availableCurrencies.find((c) => c !== a.defaultCurrency) ?? a.defaultCurrency;
    const answer = await check({ country: a.coverage, currency, service: a.service });
    expect(answer.total).toBeGreaterThan(0);
    // The country facet still lists other countries (within the currency and service filters).
    expect((answer.facets?.coverage ?? []).length).toBeGreaterThan(1);
    await check({ q: a.commodity.toLowerCase(), unit: a.defaultUnit, hasForecast: String(a.hasForecast) });
    await check({ location: a.location, kind: a.kind, status: "active" });
  });

  it("reuses a search's facets while paging and sorting through it", async () => {
    const query = catalogueQuerySchema.parse({ q: "gas", pageSize: "5" });
    const first = await listCatalogue(query, true);
    const next = await listCatalogue({ ...query, page: 2, sort: "code", dir: "desc" }, true);
    expect(next.items[0]?.id).not.toBe(first.items[0]?.id);
    expect(next.facets).toBe(first.facets);
  });

  it("treats search words literally: % and _ are not wildcards", async () => {
    // Some specifications carry a "%" ("99.99%"): those match, and only those.
    const percent = await check({ q: "%" });
    expect(percent.total).toBeGreaterThan(0);
    expect(percent.total).toBeLessThan(rows.length);
    await check({ q: "_" });
    await check({ q: "9%" });
  });
});
