import type { Metadata } from "next";
import { Pager } from "@/components/admin/pager";
import { RunsTable } from "@/components/admin/runs-table";
import {
  CatalogueNavigation,
  CatalogueResults,
  LoadingStatus,
} from "@/components/catalogue/catalogue-navigation";
import { requireAdmin } from "@/lib/auth/session";
import { runsPage, runsQuerySchema } from "@/lib/services/sync-runs";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sync runs" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function RunsPage({ searchParams }: Props) {
  await requireAdmin();
  const page = (await searchParams).page;
  const parsed = runsQuerySchema.safeParse(typeof page === "string" ? { page } : {});
  const query = parsed.success ? parsed.data : runsQuerySchema.parse({});
  const data = await runsPage(query);
  return (
    <CatalogueNavigation>
      <div className="stack">
        <div className="page-head">
          <div>
            <h1>Sync runs</h1>
            <p className="small muted">
              What each run planned and spent, how long it took and how it ended. Open one for its batches and
              its calls.
            </p>
          </div>
        </div>
        <CatalogueResults>
          <LoadingStatus idle={`${data.total.toLocaleString()} run${data.total === 1 ? "" : "s"}`} />
          {data.items.length === 0 ? (
            <p className="empty">No sync has run yet (Admin → Overview starts one).</p>
          ) : (
            <RunsTable items={data.items} />
          )}
          <Pager params={{}} page={query.page} pageSize={query.pageSize} total={data.total} />
        </CatalogueResults>
      </div>
    </CatalogueNavigation>
  );
}
