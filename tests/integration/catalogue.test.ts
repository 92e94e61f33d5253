// Catalogue search and facets against a synced catalogue, checked against a count done in memory
// over every assessment (the definition of what each facet means).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CatalogueFilter, FacetField } from "@/lib/db/catalogue";
import { prisma } from "@/lib/db/client";
import { parseSearch } from "@/lib/domain/search-query";
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
  currency: (a) => [a.defaultCurrency],
  unit: (a) => [a.defaultUnit],
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

type Filter = CatalogueFilter & { q?: string };

function matches(a: Row, f: Filter, without?: keyof CatalogueFilter): boolean {
  // A term: its word or an alias in the search text, or the native currency or unit it names.
  const terms = parseSearch(f.q);
  const hit = (t: (typeof terms)[number]) =>
    [t.word, ...t.texts].some((w) => a.searchText.includes(w)) ||
    t.currencies.includes(a.defaultCurrency) ||
    t.units.includes(a.defaultUnit);
  if (!terms.every(hit)) return false;
  return (Object.keys(filterOf) as FacetField[]).every((field) => {
    const key = filterOf[field];
    const wanted = f[key];
    return key === without || wanted === undefined || valuesOf[field](a).includes(String(wanted));
  });
}

function expectedFacets(rows: Row[], f: Filter) {
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

  it("counts every facet over the whole catalogue, currencies and units as published (native)", async () => {
    const answer = await check({});
    expect(answer.total).toBe(rows.length);
    // Each assessment counts once, under its native currency and unit, so these facets narrow.
    for (const field of ["currency", "unit"] as const) {
      const counts = answer.facets?.[field] ?? [];
      expect(counts.reduce((n, c) => n + c.count, 0)).toBe(rows.length);
      expect(counts.length).toBeGreaterThan(1);
    }
  });

  it("counts each facet within the other filters, never its own", async () => {
    const a = rows.find((r) => r.availableCurrencies.length > 1) ?? rows[0];
    if (!a) throw new Error("empty catalogue");
    const currency = a.defaultCurrency;
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

  it("ranks by relevance: the words' own commodity and place first", async () => {
    const top = async (q: string, n = 5) =>
      (await listCatalogue(catalogueQuerySchema.parse({ q, pageSize: String(n) }))).items;
    const gas = await top("natural gas");
    expect(gas.length).toBeGreaterThan(0);
    for (const i of gas) expect(i.commodity).toBe("Natural gas");
    const germany = rows.filter((r) => r.commodity === "Natural gas" && r.coverage === "Germany").length;
    const gasGermany = await top("gas germany", Math.max(1, germany));
    for (const i of gasGermany) expect([i.commodity, i.coverage]).toEqual(["Natural gas", "Germany"]);
    // A column sort still sorts by that column.
    const byCode = await listCatalogue(catalogueQuerySchema.parse({ q: "natural gas", sort: "code" }));
    const codes = byCode.items.map((i) => i.code);
    expect(codes).toEqual([...codes].sort());
  });

  it("finds countries by ISO code or common name, units by code, and words with a typo", async () => {
    const usa = await check({ q: "USA" });
    expect(usa.items[0]?.coverage).toBe("United States");
    expect(usa.items.filter((i) => i.coverage === "United States").length).toBe(
      rows.filter((r) => r.coverage === "United States").length,
    );
    const mmbtu = await check({ q: "MMBtu" });
    expect(mmbtu.total).toBe(rows.filter((r) => r.defaultUnit === "MMBtu").length);
    const electricity = rows.filter((r) => r.commodity === "Electricity");
    expect(electricity.length).toBeGreaterThan(0);
    const typo = await listCatalogue(catalogueQuerySchema.parse({ q: "electrcity", pageSize: "500" }), true);
    expect(typo.items.map((i) => i.id).sort()).toEqual(
      expect.arrayContaining(electricity.map((r) => r.id).sort()),
    );
    expect(typo.items[0]?.commodity).toBe("Electricity");
    // The facets count within the search, typo included.
    const counted = (typo.facets?.commodity ?? []).reduce((n, c) => n + c.count, 0);
    expect(counted).toBe(typo.total);
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
