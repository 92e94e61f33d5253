import {
  CatalogueNavigation,
  CatalogueResults,
  FacetSelect,
  LoadingStatus,
  NavLink,
  SearchForm,
} from "@/components/catalogue/catalogue-navigation";
import { CatalogueTable } from "@/components/catalogue/catalogue-table";
import { ExportLinks } from "@/components/ui/export-links";
import { requireUser } from "@/lib/auth/session";
import { KIND_LABELS, SERVICE_LABELS } from "@/lib/domain/services";
import { type PageSearchParams, readPageQuery } from "@/lib/http/page-query";
import { bookmarkTargets } from "@/lib/services/bookmarks";
import { catalogueQuerySchema, listCatalogue } from "@/lib/services/catalogue";

export const dynamic = "force-dynamic";

type Props = { searchParams: PageSearchParams };

const LABELS: Record<string, (v: string) => string> = {
  service: (v) => SERVICE_LABELS[v as keyof typeof SERVICE_LABELS] ?? v,
  kind: (v) => KIND_LABELS[v as keyof typeof KIND_LABELS] ?? v,
  hasForecast: (v) => (v === "true" ? "With forecast" : "Without forecast"),
};

export default async function CataloguePage({ searchParams }: Props) {
  const user = await requireUser();
  const { raw, query, understood } = await readPageQuery(catalogueQuerySchema, searchParams);
  const [data, lists] = await Promise.all([listCatalogue(query, true), bookmarkTargets(user)]);
  const pages = Math.max(1, Math.ceil(data.total / query.pageSize));
  const pageHref = (page: number) => `?${new URLSearchParams({ ...raw, page: String(page) })}`;
  const relevance = new URLSearchParams(raw);
  for (const k of ["sort", "dir", "page"]) relevance.delete(k);
  const relevanceHref = `?${relevance}`;
  const exportQuery = new URLSearchParams({ ...raw, kind: "catalogue" });
  exportQuery.delete("page");
  const facet = (name: keyof NonNullable<typeof data.facets>, param: string, label: string) => (
    <FacetSelect
      name={param}
      label={label}
      value={String(raw[param] ?? "")}
      options={[
        { value: "", label: "All" },
        ...(data.facets?.[name] ?? []).map((f) => ({
          value: f.value,
          label: `${(LABELS[name] ?? String)(f.value)} (${f.count})`,
        })),
      ]}
    />
  );
  return (
    <CatalogueNavigation>
      <div className="stack">
        <div className="page-head">
          <h1>Catalogue</h1>
          <div className="row">
            <ExportLinks query={exportQuery} />
          </div>
        </div>
        {!understood && (
          <div className="alert" role="alert">
            Some filters in the address were not understood and were ignored.
          </div>
        )}
        <SearchForm value={query.q ?? ""}>
          {Object.entries(raw)
            .filter(([k]) => !["q", "page"].includes(k))
            .map(([k, v]) => (
              <input key={k} type="hidden" name={k} value={v} />
            ))}
          <div className="field">
            <label htmlFor="q">Search</label>
            <input
              id="q"
              name="q"
              type="search"
              defaultValue={query.q ?? ""}
              placeholder="code, commodity, country, location…"
            />
          </div>
          <button type="submit" className="button">
            Search
          </button>
          {Object.keys(raw).length > 0 && (
            <NavLink className="button" href="/catalogue">
              Clear all
            </NavLink>
          )}
        </SearchForm>
        <fieldset className="row">
          <legend className="visually-hidden">Filters</legend>
          {facet("service", "service", "Service")}
          {facet("kind", "kind", "Product")}
          {facet("commodity", "commodity", "Commodity")}
          {facet("coverage", "country", "Country")}
          {facet("location", "location", "Location")}
          {facet("currency", "currency", "Currency")}
          {facet("unit", "unit", "Unit")}
          {facet("status", "status", "Status")}
          {facet("hasForecast", "hasForecast", "Forecast")}
        </fieldset>
        <CatalogueResults>
          <LoadingStatus
            idle={
              <>
                {data.total.toLocaleString()} assessment{data.total === 1 ? "" : "s"}
                {query.q && query.sort && query.sort !== "relevance" && (
                  <>
                    {" · "}
                    <NavLink href={relevanceHref}>sort by relevance</NavLink>
                  </>
                )}
              </>
            }
          />
          {data.total === 0 ? (
            <p className="empty">
              Nothing matches.{" "}
              {Object.keys(raw).length
                ? "Try fewer words or clear the filters."
                : "The catalogue fills after the first sync (Admin → Overview)."}
            </p>
          ) : (
            <CatalogueTable
              items={data.items}
              lists={lists}
              sort={query.sort ?? (query.q ? "relevance" : "assessment")}
              dir={query.dir}
            />
          )}
          <nav aria-label="Pages" className="row">
            {query.page > 1 && <NavLink href={pageHref(query.page - 1)}>← Previous</NavLink>}
            <span className="small">
              Page {query.page} of {pages}
            </span>
            {query.page < pages && <NavLink href={pageHref(query.page + 1)}>Next →</NavLink>}
          </nav>
        </CatalogueResults>
      </div>
    </CatalogueNavigation>
  );
}
