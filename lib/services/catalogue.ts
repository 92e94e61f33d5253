import "server-only";
import { z } from "zod";
import {
  type CatalogueFilter,
  type CatalogueSort,
  catalogueFacets,
  type FacetCounts,
  searchCatalogue,
} from "@/lib/db/catalogue";
import { typoCorrections } from "@/lib/db/catalogue-search";
import { isoDay } from "@/lib/domain/months";
import { parseSearch, type SearchTerm, typoCandidate } from "@/lib/domain/search-query";
import { ASSESSMENT_KINDS, serviceSchema } from "@/lib/domain/services";
import { cachedRead } from "./read-cache";

// The catalogue as pages and /api/v1/catalogue see it. The query schema is also the URL state of
// the catalogue page, so a search can be bookmarked and shared.

const SORTS = [
  "relevance",
  "code",
  "assessment",
  "commodity",
  "coverage",
  "location",
  "updated",
  "lastFinal",
] as const;
const sortColumn: Record<(typeof SORTS)[number], CatalogueSort | "relevance"> = {
  relevance: "relevance",
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
  /** Default: relevance when searching, else the assessment's name. */
  sort: z.enum(SORTS).optional(),
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
      cachedRead(`facets|${JSON.stringify(filter)}`, async () => catalogueFacets(await toFilter(filter))),
    ]);
    return { ...items, facets };
  });
}

/** The search read into terms, a probable typo also matching what it likely meant (cached per word). */
async function searchTerms(q: string | undefined): Promise<SearchTerm[]> {
  return Promise.all(
    parseSearch(q).map(async (term) => {
      if (!typoCandidate(term)) return term;
      const { words } = await cachedRead(`typo|${term.word}`, () => typoCorrections(term.word));
      return words.length ? { ...term, texts: [...term.texts, ...words] } : term;
    }),
  );
}

async function toFilter({ q, ...rest }: Omit<CatalogueQuery, "sort" | "dir" | "page" | "pageSize">) {
  return { ...rest, terms: await searchTerms(q) } satisfies CatalogueFilter;
}

async function loadCatalogue(query: CatalogueQuery) {
  const { sort, dir, page, pageSize, ...filter } = query;
  const { items, total } = await searchCatalogue(await toFilter(filter), {
    skip: (page - 1) * pageSize,
    take: pageSize,
    sort: sortColumn[sort ?? (filter.q?.trim() ? "relevance" : "assessment")],
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
