import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { SearchTerm } from "@/lib/domain/search-query";
import type { AssessmentKind } from "@/lib/domain/services";
import { matchSql, rankSql } from "./catalogue-search";
import { prisma } from "./client";

// Catalogue queries: the search (catalogue-search.ts) and the filters; facets count within both.

export type CatalogueFilter = {
  /** The search, read (lib/domain/search-query) and with typos resolved (typoCorrections). */
  terms?: SearchTerm[];
  service?: "industry_economics" | "energy_price";
  country?: string;
  commodity?: string;
  location?: string;
  kind?: AssessmentKind;
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
  key: "service" | "country" | "commodity" | "location" | "kind" | "status" | "currency" | "unit",
  column: string,
  cast = "",
): Condition => ({
  applies: (f) => f[key] !== undefined,
  where: (f) => ({ [column]: f[key] }),
  sql: (f) => Prisma.sql`${Prisma.raw(`"${column}"`)} = ${f[key]}${Prisma.raw(cast)}`,
});
const CONDITIONS: Record<Exclude<keyof CatalogueFilter, "terms" | "codes">, Condition> = {
  service: equals("service", "service", '::"Service"'),
  country: equals("country", "coverage"),
  commodity: equals("commodity", "commodity"),
  location: equals("location", "location"),
  kind: equals("kind", "kind", '::"AssessmentKind"'),
  status: equals("status", "status", '::"AssessmentStatus"'),
  // The native currency and unit: what the vendor publishes the series in (any may be converted).
  currency: equals("currency", "defaultCurrency"),
  unit: equals("unit", "defaultUnit"),
  hasForecast: {
    applies: (f) => f.hasForecast !== undefined,
    where: (f) => ({ hasForecast: f.hasForecast }),
    sql: (f) => Prisma.sql`"hasForecast" = ${f.hasForecast}`,
  },
};
type ConditionKey = keyof typeof CONDITIONS;

const activeConditions = (f: CatalogueFilter, without?: ConditionKey) =>
  (Object.keys(CONDITIONS) as ConditionKey[])
    .filter((k) => k !== without && CONDITIONS[k].applies(f))
    .map((k) => CONDITIONS[k]);

function catalogueWhere(f: CatalogueFilter): Prisma.AssessmentWhereInput {
  const and = activeConditions(f).map((c) => c.where(f));
  if (f.codes) and.push({ OR: f.codes.map((c) => ({ service: c.service, code: c.code })) });
  return { AND: and };
}

/** The filters as SQL, all but one. */
function conditionsSql(f: CatalogueFilter, without?: ConditionKey): Prisma.Sql {
  const parts = activeConditions(f, without).map((c) => c.sql(f));
  if (f.codes?.length)
    parts.push(
      Prisma.sql`("service"::text, "code") IN (${Prisma.join(f.codes.map((c) => Prisma.sql`(${c.service}, ${c.code})`))})`,
    );
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

/** One page of a catalogue query: by relevance when searching, unless a column sort is asked. */
export async function searchCatalogue(
  f: CatalogueFilter,
  page: { skip: number; take: number; sort: CatalogueSort | "relevance"; dir: "asc" | "desc" },
) {
  const terms = f.terms ?? [];
  if (!terms.length) {
    const where = catalogueWhere(f);
    const sort = page.sort === "relevance" ? "assessment" : page.sort;
    const [items, total] = await Promise.all([
      prisma().assessment.findMany({
        where,
        select: CATALOGUE_SELECT,
        orderBy: [{ [sort]: page.dir }, { id: "asc" }],
        skip: page.skip,
        take: page.take,
      }),
      prisma().assessment.count({ where }),
    ]);
    return { items, total };
  }
  const relevance = page.sort === "relevance";
  const order = relevance
    ? Prisma.sql`${rankSql(terms)} DESC, "assessment" ASC`
    : Prisma.raw(`"${page.sort}" ${page.dir === "desc" ? "DESC" : "ASC"}`);
  const hits = await prisma().$queryRaw<{ id: number; total: number }[]>(Prisma.sql`
    SELECT "id", (count(*) OVER ())::int AS total
    FROM "Assessment"
    WHERE ${matchSql(terms)} AND ${conditionsSql(f)}
    ORDER BY ${order}, "id" ASC
    LIMIT ${page.take} OFFSET ${page.skip}`);
  const total = hits[0]?.total ?? (page.skip > 0 ? await countMatches(f, terms) : 0);
  const rows = await prisma().assessment.findMany({
    where: { id: { in: hits.map((h) => h.id) } },
    select: CATALOGUE_SELECT,
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { items: hits.flatMap((h) => byId.get(h.id) ?? []), total };
}

async function countMatches(f: CatalogueFilter, match: SearchTerm[]): Promise<number> {
  const [row] = await prisma().$queryRaw<{ n: number }[]>(Prisma.sql`
    SELECT count(*)::int AS n FROM "Assessment" WHERE ${matchSql(match)} AND ${conditionsSql(f)}`);
  return row?.n ?? 0;
}

/** Each facet: the filter it ignores (so a facet never hides its siblings) and the value it counts. */
const SCALAR_FACETS = {
  service: { filter: "service", value: `"service"::text` },
  kind: { filter: "kind", value: `"kind"::text` },
  commodity: { filter: "commodity", value: `"commodity"` },
  coverage: { filter: "country", value: `"coverage"` },
  location: { filter: "location", value: `"location"` },
  status: { filter: "status", value: `"status"::text` },
  hasForecast: { filter: "hasForecast", value: `"hasForecast"::text` },
  currency: { filter: "currency", value: `"defaultCurrency"` },
  unit: { filter: "unit", value: `"defaultUnit"` },
} as const satisfies Record<string, { filter: ConditionKey; value: string }>;
type ScalarFacet = keyof typeof SCALAR_FACETS;
export type FacetField = ScalarFacet;
export type FacetCounts = Record<FacetField, { value: string; count: number }[]>;
type FacetRow = { facet: FacetField; value: string; count: number };

/**
 * The scalar facets in one scan: grouped by each on its own (grouping sets), each group counted
 * within the filters other than its facet's own. The column named for a set is the only non-null one.
 */
async function scalarFacetRows(f: CatalogueFilter, match: SearchTerm[]): Promise<FacetRow[]> {
  const fields = Object.keys(SCALAR_FACETS) as ScalarFacet[];
  const column = (prefix: string, field: string) => Prisma.raw(`"${prefix}_${field}"`);
  const rows = await prisma().$queryRaw<Record<string, string | number | null>[]>(Prisma.sql`
    SELECT ${Prisma.join(
      fields.map((field) => {
        const facet = SCALAR_FACETS[field];
        return Prisma.sql`${Prisma.raw(facet.value)} AS ${column("v", field)},
          (count(*) FILTER (WHERE ${conditionsSql(f, facet.filter)}))::int AS ${column("n", field)}`;
      }),
    )}
    FROM "Assessment" WHERE ${matchSql(match)}
    GROUP BY GROUPING SETS (${Prisma.join(fields.map((field) => Prisma.raw(`(${SCALAR_FACETS[field].value})`)))})`);
  return rows.flatMap((row) => {
    const field = fields.find((name) => row[`v_${name}`] !== null);
    const count = field ? Number(row[`n_${field}`]) : 0;
    return field && count > 0 ? [{ facet: field, value: String(row[`v_${field}`]), count }] : [];
  });
}

/** Counts per value of each facet, each within the other filters (a facet never hides its siblings). */
export async function catalogueFacets(f: CatalogueFilter): Promise<FacetCounts> {
  const rows = await scalarFacetRows(f, f.terms ?? []);
  const fields = Object.keys(SCALAR_FACETS) as FacetField[];
  const counts = Object.fromEntries(fields.map((field) => [field, []])) as unknown as FacetCounts;
  for (const row of rows) counts[row.facet].push({ value: row.value, count: row.count });
  for (const field of fields)
    counts[field].sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  return counts;
}
