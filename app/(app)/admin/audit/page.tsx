import type { Metadata } from "next";
import { AuditTable } from "@/components/admin/audit-table";
import { FilterForm } from "@/components/admin/filter-form";
import { Pager } from "@/components/admin/pager";
import {
  CatalogueNavigation,
  CatalogueResults,
  FacetSelect,
  LoadingStatus,
  NavLink,
} from "@/components/catalogue/catalogue-navigation";
import { requireAdmin } from "@/lib/auth/session";
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS } from "@/lib/domain/audit";
import { env } from "@/lib/env";
import { type PageSearchParams, readPageQuery } from "@/lib/http/page-query";
import { auditPage, auditQuerySchema } from "@/lib/services/audit-log";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Audit log" };

type Props = { searchParams: PageSearchParams };

export default async function AuditPage({ searchParams }: Props) {
  await requireAdmin();
  const { raw, query, understood } = await readPageQuery(auditQuerySchema, searchParams);
  const data = await auditPage(query);
  const filtered = Object.keys(raw).some((k) => k !== "page" && k !== "pageSize");
  return (
    <CatalogueNavigation>
      <div className="stack">
        <div className="page-head">
          <div>
            <h1>Audit log</h1>
            <p className="small muted">
              Sign-ins, account and role changes, API tokens, settings, sync starts and admins' changes to
              other people's lists. Kept {env().AUDIT_RETENTION_DAYS} days.
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
          <FacetSelect
            name="action"
            label="Action"
            value={raw.action ?? ""}
            options={[
              { value: "", label: "All" },
              ...AUDIT_ACTIONS.map((a) => ({ value: a, label: AUDIT_ACTION_LABELS[a] })),
            ]}
          />
        </fieldset>
        <FilterForm label="Actor and time filters" names={["actor", "from", "to"]}>
          <div className="field">
            <label htmlFor="audit-actor">By (email)</label>
            <input id="audit-actor" name="actor" type="search" defaultValue={raw.actor ?? ""} />
          </div>
          <div className="field">
            <label htmlFor="audit-from">From</label>
            <input id="audit-from" name="from" type="date" defaultValue={raw.from?.slice(0, 10) ?? ""} />
          </div>
          <div className="field">
            <label htmlFor="audit-to">To</label>
            <input id="audit-to" name="to" type="date" defaultValue={raw.to?.slice(0, 10) ?? ""} />
          </div>
        </FilterForm>
        <CatalogueResults>
          <LoadingStatus
            idle={
              <>
                {data.total.toLocaleString()} entr{data.total === 1 ? "y" : "ies"}
                {filtered && (
                  <>
                    {" · "}
                    <NavLink href="/admin/audit">clear filters</NavLink>
                  </>
                )}
              </>
            }
          />
          {data.items.length === 0 ? (
            <p className="empty">
              {filtered ? "Nothing matches these filters." : "Nothing is recorded yet."}
            </p>
          ) : (
            <AuditTable items={data.items} />
          )}
          <Pager params={raw} page={query.page} pageSize={query.pageSize} total={data.total} />
        </CatalogueResults>
      </div>
    </CatalogueNavigation>
  );
}
