import type { Metadata } from "next";
import { FilterForm } from "@/components/admin/filter-form";
import { LedgerTable } from "@/components/admin/ledger-table";
import { Pager } from "@/components/admin/pager";
import {
  CatalogueNavigation,
  CatalogueResults,
  FacetSelect,
  LoadingStatus,
  NavLink,
} from "@/components/catalogue/catalogue-navigation";
import { requireAdmin } from "@/lib/auth/session";
import { LEDGER_TRIGGERS, UPSTREAM_OPERATIONS } from "@/lib/domain/ledger";
import { SERVICES } from "@/lib/domain/services";
import { type PageSearchParams, readPageQuery } from "@/lib/http/page-query";
import { LEDGER_OUTCOMES, ledgerPage, ledgerQuerySchema } from "@/lib/services/ledger";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Upstream calls" };

type Props = { searchParams: PageSearchParams };

const TRIGGER_LABELS: Record<string, string> = {
  sync: "Sync runs",
  "on-demand": "On-demand fetches",
  other: "Other (limits, token)",
};

const all = (values: readonly string[], labels: Record<string, string> = {}) => [
  { value: "", label: "All" },
  ...values.map((v) => ({ value: v, label: labels[v] ?? v })),
];

export default async function CallsPage({ searchParams }: Props) {
  await requireAdmin();
  const { raw, query, understood } = await readPageQuery(ledgerQuerySchema, searchParams);
  const data = await ledgerPage(query);
  const facet = (name: string, label: string, options: { value: string; label: string }[]) => (
    <FacetSelect name={name} label={label} value={raw[name] ?? ""} options={options} />
  );
  const filtered = Object.keys(raw).some((k) => k !== "page" && k !== "pageSize");
  return (
    <CatalogueNavigation>
      <div className="stack">
        <div className="page-head">
          <div>
            <h1>Upstream calls</h1>
            <p className="small muted">
              Every call Price Atlas made to the vendor, by any instance: what it asked, what it cost and how
              it ended.
            </p>
          </div>
        </div>
        {!understood && (
          <div className="alert" role="alert">
            Some filters in the address were not understood and were ignored.
          </div>
        )}
        <fieldset className="row">
          <legend className="visually-hidden">Filters</legend>
          {facet("operation", "Operation", all(UPSTREAM_OPERATIONS))}
          {facet("service", "Service", all(SERVICES))}
          {facet("outcome", "Outcome", all(LEDGER_OUTCOMES))}
          {facet("trigger", "Trigger", all(LEDGER_TRIGGERS, TRIGGER_LABELS))}
        </fieldset>
        <FilterForm label="Time and user filters" names={["from", "to", "user", "run"]}>
          <div className="field">
            <label htmlFor="calls-from">From</label>
            <input id="calls-from" name="from" type="date" defaultValue={raw.from?.slice(0, 10) ?? ""} />
          </div>
          <div className="field">
            <label htmlFor="calls-to">To</label>
            <input id="calls-to" name="to" type="date" defaultValue={raw.to?.slice(0, 10) ?? ""} />
          </div>
          <div className="field">
            <label htmlFor="calls-user">User (email)</label>
            <input id="calls-user" name="user" type="search" defaultValue={raw.user ?? ""} />
          </div>
          <div className="field">
            <label htmlFor="calls-run">Sync run</label>
            <input id="calls-run" name="run" type="search" defaultValue={raw.run ?? ""} />
          </div>
        </FilterForm>
        <CatalogueResults>
          <LoadingStatus
            idle={
              <span>
                {data.totals.calls.toLocaleString()} call{data.totals.calls === 1 ? "" : "s"} ·{" "}
                {data.totals.dataRequests.toLocaleString()} data requests
                {filtered && (
                  <>
                    {" · "}
                    <NavLink href="/admin/calls">clear filters</NavLink>
                  </>
                )}
              </span>
            }
          />
          {data.items.length === 0 ? (
            <p className="empty">
              {filtered
                ? "No call matches these filters."
                : "No upstream call yet: the first sync makes them."}
            </p>
          ) : (
            <LedgerTable items={data.items} />
          )}
          <Pager params={raw} page={query.page} pageSize={query.pageSize} total={data.totals.calls} />
        </CatalogueResults>
      </div>
    </CatalogueNavigation>
  );
}
