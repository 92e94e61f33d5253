import "server-only";
import { z } from "zod";
import { type CatalogueSort, catalogueFacets, type FacetCounts, searchCatalogue } from "@/lib/db/catalogue";
import { isoDay } from "@/lib/domain/months";
import { ASSESSMENT_KINDS, serviceSchema } from "@/lib/domain/services";
import { cachedRead } from "./read-cache";

// The catalogue as pages and /api/v1/catalogue see it. The query schema is also the URL state of
// the catalogue page, so a search can be bookmarked and shared.

const SORTS = ["code", "assessment", "commodity", "coverage", "location", "updated", "lastFinal"] as const;
const sortColumn: Record<(typeof SORTS)[number], CatalogueSort> = {
  code: "code",
  assessment: "assessment",
  commodity: "commodity",
  coverage: "coverage",
  location: "location",
  updated: "upstreamUpdatedAt",
  lastFinal: "lastAvailableFinal",
};

const text = z.string().trim().min(1).max(200);
export const catalogueQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  service: serviceSchema.optional(),
  country: text.optional(),
  commodity: text.optional(),
  location: text.optional(),
  kind: z.enum(ASSESSMENT_KINDS).optional(),
  status: z.enum(["active", "discontinued"]).optional(),
  currency: text.optional(),
  unit: text.optional(),
  hasForecast: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
  sort: z.enum(SORTS).default("assessment"),
  dir: z.enum(["asc", "desc"]).default("asc"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
});
export type CatalogueQuery = z.infer<typeof catalogueQuerySchema>;

type CataloguePage = Awaited<ReturnType<typeof loadCatalogue>> & { facets?: FacetCounts };

export function listCatalogue(query: CatalogueQuery, withFacets = false): Promise<CataloguePage> {
  const page = () => cachedRead(`catalogue|${JSON.stringify(query)}`, () => loadCatalogue(query));
  if (!withFacets) return page();
  // Facets depend on the filter alone: paging through or re-sorting a search reuses them.
  const { sort: _s, dir: _d, page: _p, pageSize: _ps, ...filter } = query;
  return cachedRead(`catalogue+facets|${JSON.stringify(query)}`, async () => {
    const [items, facets] = await Promise.all([
      page(),
      cachedRead(`facets|${JSON.stringify(filter)}`, () => catalogueFacets(filter)),
    ]);
    return { ...items, facets };
  });
}

async function loadCatalogue(query: CatalogueQuery) {
  const { sort, dir, page, pageSize, ...filter } = query;
  const { items, total } = await searchCatalogue(filter, {
    skip: (page - 1) * pageSize,
    take: pageSize,
    sort: sortColumn[sort],
    dir,
  });
  return {
    items: items.map((a) => ({
      ...a,
      lastAvailableFinal: isoDay(a.lastAvailableFinal),
      upstreamUpdatedAt: isoDay(a.upstreamUpdatedAt),
    })),
    total,
    page,
    pageSize,
  };
}
export type CatalogueItem = Awaited<ReturnType<typeof listCatalogue>>["items"][number];
