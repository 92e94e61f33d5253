import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { prisma } from "./client";

// Catalogue search: words match the trigram-indexed search text; facets count within the filter.

export type CatalogueFilter = {
  q?: string;
  service?: "industry_economics" | "energy_price";
  country?: string;
  commodity?: string;
  location?: string;
  kind?: "utility" | "cost_index" | "location_factor" | "energy";
  status?: "active" | "discontinued";
  currency?: string;
  unit?: string;
  hasForecast?: boolean;
  codes?: { service: "industry_economics" | "energy_price"; code: string }[];
};

/**
 * Each filter once, in both forms: a Prisma condition for the item queries and SQL for the facet
 * counts (which need `unnest` over the currency and unit lists, beyond Prisma's groupBy).
 */
type Condition = {
  applies(f: CatalogueFilter): boolean;
  where(f: CatalogueFilter): Prisma.AssessmentWhereInput;
  sql(f: CatalogueFilter): Prisma.Sql;
};
const equals = (
  key: "service" | "country" | "commodity" | "location" | "kind" | "status",
  column: string,
  cast = "",
): Condition => ({
  applies: (f) => f[key] !== undefined,
  where: (f) => ({ [key === "country" ? "coverage" : key]: f[key] }),
  sql: (f) => Prisma.sql`${Prisma.raw(`"${column}"`)} = ${f[key]}${Prisma.raw(cast)}`,
});
const inList = (key: "currency" | "unit", list: string, fallback: string): Condition => ({
  applies: (f) => f[key] !== undefined,
  where: (f) => ({ OR: [{ [list]: { has: f[key] } }, { [fallback]: f[key] }] }),
  sql: (f) =>
    Prisma.sql`(${f[key]} = ANY(${Prisma.raw(`"${list}"`)}) OR ${Prisma.raw(`"${fallback}"`)} = ${f[key]})`,
});
const CONDITIONS: Record<Exclude<keyof CatalogueFilter, "q" | "codes">, Condition> = {
  service: equals("service", "service", '::"Service"'),
  country: equals("country", "coverage"),
  commodity: equals("commodity", "commodity"),
  location: equals("location", "location"),
  kind: equals("kind", "kind", '::"AssessmentKind"'),
  status: equals("status", "status", '::"AssessmentStatus"'),
  currency: inList("currency", "availableCurrencies", "defaultCurrency"),
  unit: inList("unit", "availableUnits", "defaultUnit"),
  hasForecast: {
    applies: (f) => f.hasForecast !== undefined,
    where: (f) => ({ hasForecast: f.hasForecast }),
    sql: (f) => Prisma.sql`"hasForecast" = ${f.hasForecast}`,
  },
};
type ConditionKey = keyof typeof CONDITIONS;

/** The search words: each must occur in the (lower-case, trigram-indexed) search text. */
const searchWords = (f: CatalogueFilter) =>
  (f.q ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
const activeConditions = (f: CatalogueFilter, without?: ConditionKey) =>
  (Object.keys(CONDITIONS) as ConditionKey[])
    .filter((k) => k !== without && CONDITIONS[k].applies(f))
    .map((k) => CONDITIONS[k]);

/** A word as a LIKE pattern's literal part: `%` and `_` in it are not wildcards. */
const likeLiteral = (w: string) => w.replace(/[\\%_]/g, (c) => `\\${c}`);

export function catalogueWhere(f: CatalogueFilter): Prisma.AssessmentWhereInput {
  // Prisma's `contains` puts the text between `%`s as it is.
  const and: Prisma.AssessmentWhereInput[] = searchWords(f).map((w) => ({
    searchText: { contains: likeLiteral(w) },
  }));
  for (const c of activeConditions(f)) and.push(c.where(f));
  if (f.codes) and.push({ OR: f.codes.map((c) => ({ service: c.service, code: c.code })) });
  return { AND: and };
}

function catalogueWhereSql(f: CatalogueFilter, without: ConditionKey): Prisma.Sql {
  const parts = [
    ...searchWords(f).map((w) => Prisma.sql`"searchText" LIKE ${`%${likeLiteral(w)}%`}`),
    ...activeConditions(f, without).map((c) => c.sql(f)),
  ];
  return parts.length ? Prisma.join(parts, " AND ") : Prisma.sql`TRUE`;
}

export const CATALOGUE_SELECT = {
  id: true,
  service: true,
  code: true,
  assessment: true,
  product: true,
  commodity: true,
  coverage: true,
  location: true,
  specification: true,
  kind: true,
  status: true,
  defaultCurrency: true,
  defaultUnit: true,
  availableCurrencies: true,
  availableUnits: true,
  hasForecast: true,
  lastAvailableFinal: true,
  upstreamUpdatedAt: true,
} as const;

export type CatalogueSort =
  | "code"
  | "assessment"
  | "commodity"
  | "coverage"
  | "location"
  | "upstreamUpdatedAt"
  | "lastAvailableFinal";

export async function searchCatalogue(
  f: CatalogueFilter,
  page: { skip: number; take: number; sort: CatalogueSort; dir: "asc" | "desc" },
) {
  const where = catalogueWhere(f);
  const [items, total] = await Promise.all([
    prisma().assessment.findMany({
      where,
      select: CATALOGUE_SELECT,
      orderBy: [{ [page.sort]: page.dir }, { id: "asc" }],
      skip: page.skip,
      take: page.take,
    }),
    prisma().assessment.count({ where }),
  ]);
  return { items, total };
}

/** Each facet: the filter it ignores (so a facet never hides its siblings) and the value it counts. */
type FacetSpec = { filter: ConditionKey; value?: string; list?: readonly [string, string] };
const FACETS = {
  service: { filter: "service", value: `"service"::text` },
  kind: { filter: "kind", value: `"kind"::text` },
  commodity: { filter: "commodity", value: `"commodity"` },
  coverage: { filter: "country", value: `"coverage"` },
  location: { filter: "location", value: `"location"` },
  currency: { filter: "currency", list: ["availableCurrencies", "defaultCurrency"] },
  unit: { filter: "unit", list: ["availableUnits", "defaultUnit"] },
  status: { filter: "status", value: `"status"::text` },
  hasForecast: { filter: "hasForecast", value: `"hasForecast"::text` },
} as const satisfies Record<string, FacetSpec>;
export type FacetField = keyof typeof FACETS;
export type FacetCounts = Record<FacetField, { value: string; count: number }[]>;

/** Counts per value of each facet, each within the other filters: one statement for all of them. */
export async function catalogueFacets(f: CatalogueFilter): Promise<FacetCounts> {
  const fields = Object.keys(FACETS) as FacetField[];
  const selects = fields.map((field) => {
    const facet: FacetSpec = FACETS[field];
    const where = catalogueWhereSql(f, facet.filter);
    if (!facet.list)
      return Prisma.sql`SELECT ${Prisma.raw(`'${field}'`)} AS facet, ${Prisma.raw(facet.value ?? "")} AS value, count(*)::int AS count
        FROM "Assessment" WHERE ${where} GROUP BY 2`;
    // An assessment counts once per currency (unit) it offers, its default included.
    const [list, fallback] = facet.list;
    return Prisma.sql`SELECT ${Prisma.raw(`'${field}'`)} AS facet, v.value, count(*)::int AS count
      FROM "Assessment" CROSS JOIN LATERAL (
        SELECT DISTINCT x AS value FROM unnest(array_append(${Prisma.raw(`"${list}"`)}, ${Prisma.raw(`"${fallback}"`)})) x
      ) v WHERE ${where} GROUP BY 2`;
  });
  const rows = await prisma().$queryRaw<{ facet: FacetField; value: string; count: number }[]>(
    Prisma.sql`${Prisma.join(selects, " UNION ALL ")}`,
  );
  const counts = Object.fromEntries(fields.map((field) => [field, []])) as unknown as FacetCounts;
  for (const row of rows) counts[row.facet].push({ value: row.value, count: row.count });
  for (const field of fields)
    counts[field].sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  return counts;
}
