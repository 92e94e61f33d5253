import "server-only";
import type { Prisma } from "@/generated/prisma/client";
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

export function catalogueWhere(
  f: CatalogueFilter,
  without?: keyof CatalogueFilter,
): Prisma.AssessmentWhereInput {
  const words = (f.q ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  const and: Prisma.AssessmentWhereInput[] = words.map((w) => ({ searchText: { contains: w } }));
  const pick = <K extends keyof CatalogueFilter>(k: K) => (without === k ? undefined : f[k]);
  if (pick("service")) and.push({ service: f.service });
  if (pick("country")) and.push({ coverage: f.country });
  if (pick("commodity")) and.push({ commodity: f.commodity });
  if (pick("location")) and.push({ location: f.location });
  if (pick("kind")) and.push({ kind: f.kind });
  if (pick("status")) and.push({ status: f.status });
  if (pick("currency"))
    and.push({ OR: [{ availableCurrencies: { has: f.currency } }, { defaultCurrency: f.currency }] });
  if (pick("unit")) and.push({ OR: [{ availableUnits: { has: f.unit } }, { defaultUnit: f.unit }] });
  if (pick("hasForecast") !== undefined) and.push({ hasForecast: f.hasForecast });
  if (f.codes) and.push({ OR: f.codes.map((c) => ({ service: c.service, code: c.code })) });
  return { AND: and };
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

type FacetField = "service" | "kind" | "commodity" | "coverage" | "status" | "hasForecast";
const FACET_FILTER: Record<FacetField, keyof CatalogueFilter> = {
  service: "service",
  kind: "kind",
  commodity: "commodity",
  coverage: "country",
  status: "status",
  hasForecast: "hasForecast",
};

/** Counts per value of each facet, each within the other filters (so a facet never hides its siblings). */
export async function catalogueFacets(f: CatalogueFilter) {
  const fields = Object.keys(FACET_FILTER) as FacetField[];
  const groups = await Promise.all(
    fields.map((field) =>
      prisma().assessment.groupBy({
        by: [field],
        where: catalogueWhere(f, FACET_FILTER[field]),
        _count: { _all: true },
      }),
    ),
  );
  return Object.fromEntries(
    fields.map((field, i) => [
      field,
      (groups[i] ?? [])
        .map((g) => ({ value: String((g as Record<string, unknown>)[field]), count: g._count._all }))
        .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)),
    ]),
  ) as Record<FacetField, { value: string; count: number }[]>;
}
