import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { AssessmentKind } from "@/lib/domain/services";
import { prisma } from "./client";

// Catalogue search: words match the trigram-indexed search text; facets count within the filter.

export type CatalogueFilter = {
  q?: string;
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
  key: "service" | "country" | "commodity" | "location" | "kind" | "status",
  column: string,
  cast = "",
): Condition => ({
  applies: (f) => f[key] !== undefined,
  where: (f) => ({ [column]: f[key] }),
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

/** The search words as SQL: each must occur in the search text. */
function searchWordsSql(f: CatalogueFilter): Prisma.Sql {
  const words = searchWords(f).map((w) => Prisma.sql`"searchText" LIKE ${`%${likeLiteral(w)}%`}`);
  return words.length ? Prisma.join(words, " AND ") : Prisma.sql`TRUE`;
}

/** The other filters as SQL, all but one. */
function conditionsSql(f: CatalogueFilter, without: ConditionKey): Prisma.Sql {
  const parts = activeConditions(f, without).map((c) => c.sql(f));
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
const SCALAR_FACETS = {
  service: { filter: "service", value: `"service"::text` },
  kind: { filter: "kind", value: `"kind"::text` },
  commodity: { filter: "commodity", value: `"commodity"` },
  coverage: { filter: "country", value: `"coverage"` },
  location: { filter: "location", value: `"location"` },
  status: { filter: "status", value: `"status"::text` },
  hasForecast: { filter: "hasForecast", value: `"hasForecast"::text` },
} as const satisfies Record<string, { filter: ConditionKey; value: string }>;
/** List facets: an assessment counts once for each currency (unit) it offers, its default included. */
const LIST_FACETS = {
  currency: { filter: "currency", list: `"availableCurrencies"`, fallback: `"defaultCurrency"` },
  unit: { filter: "unit", list: `"availableUnits"`, fallback: `"defaultUnit"` },
} as const satisfies Record<string, { filter: ConditionKey; list: string; fallback: string }>;
type ScalarFacet = keyof typeof SCALAR_FACETS;
type ListFacet = keyof typeof LIST_FACETS;
export type FacetField = ScalarFacet | ListFacet;
export type FacetCounts = Record<FacetField, { value: string; count: number }[]>;
type FacetRow = { facet: FacetField; value: string; count: number };

/**
 * The scalar facets in one scan: grouped by each on its own (grouping sets), each group counted
 * within the filters other than its facet's own. The column named for a set is the only non-null one.
 */
async function scalarFacetRows(f: CatalogueFilter): Promise<FacetRow[]> {
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
    FROM "Assessment" WHERE ${searchWordsSql(f)}
    GROUP BY GROUPING SETS (${Prisma.join(fields.map((field) => Prisma.raw(`(${SCALAR_FACETS[field].value})`)))})`);
  return rows.flatMap((row) => {
    const field = fields.find((name) => row[`v_${name}`] !== null);
    const count = field ? Number(row[`n_${field}`]) : 0;
    return field && count > 0 ? [{ facet: field, value: String(row[`v_${field}`]), count }] : [];
  });
}

function listFacetRows(f: CatalogueFilter): Promise<FacetRow[]> {
  const selects = (Object.keys(LIST_FACETS) as ListFacet[]).map((field) => {
    const { filter, list, fallback } = LIST_FACETS[field];
    // Lists hold each value once (parseList), so adding the default only when missing is exact.
    const values = Prisma.raw(
      `CASE WHEN ${fallback} = ANY(${list}) THEN ${list} ELSE array_append(${list}, ${fallback}) END`,
    );
    return Prisma.sql`SELECT ${Prisma.raw(`'${field}'`)} AS facet, value, count(*)::int AS count
      FROM (SELECT unnest(${values}) AS value FROM "Assessment"
        WHERE ${searchWordsSql(f)} AND ${conditionsSql(f, filter)}) offered
      GROUP BY value`;
  });
  return prisma().$queryRaw<FacetRow[]>(Prisma.sql`${Prisma.join(selects, " UNION ALL ")}`);
}

/** Counts per value of each facet, each within the other filters (a facet never hides its siblings). */
export async function catalogueFacets(f: CatalogueFilter): Promise<FacetCounts> {
  const [scalar, lists] = await Promise.all([scalarFacetRows(f), listFacetRows(f)]);
  const fields = [...Object.keys(SCALAR_FACETS), ...Object.keys(LIST_FACETS)] as FacetField[];
  const counts = Object.fromEntries(fields.map((field) => [field, []])) as unknown as FacetCounts;
  for (const row of [...scalar, ...lists]) counts[row.facet].push({ value: row.value, count: row.count });
  for (const field of fields)
    counts[field].sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  return counts;
}
