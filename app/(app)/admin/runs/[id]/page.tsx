import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { BatchesTable } from "@/components/admin/batches-table";
import { LedgerTable } from "@/components/admin/ledger-table";
import { requireAdmin } from "@/lib/auth/session";
import { formatDateTime } from "@/lib/domain/format";
import { formatDuration } from "@/lib/domain/ledger";
import { ledgerPage, ledgerQuerySchema } from "@/lib/services/ledger";
import { runDetail } from "@/lib/services/sync-runs";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sync run" };

type Props = { params: Promise<{ id: string }> };

export default async function RunPage({ params }: Props) {
  await requireAdmin();
  const { id } = await params;
  if (id.length > 40) notFound();
  const [detail, calls] = await Promise.all([
    runDetail(id),
    ledgerPage(ledgerQuerySchema.parse({ run: id, pageSize: "20" })),
  ]);
  if (!detail) notFound();
  const { run, batches } = detail;
  const took = run.finishedAt ? new Date(run.finishedAt).getTime() - new Date(run.startedAt).getTime() : null;
  return (
    <div className="stack">
      <div className="page-head">
        <div>
          <h1>Sync run {run.status.replace("_", " ")}</h1>
          <p className="small muted">
            <Link href="/admin/runs">← All runs</Link> · <span className="mono">{run.id}</span>
          </p>
        </div>
      </div>
      <section className="card stack" aria-labelledby="run-summary">
        <h2 id="run-summary">Summary</h2>
        <dl className="facts">
          <dt>Started by</dt>
          <dd>
            {run.trigger}
            {run.requestedBy ? ` · ${run.requestedBy}` : ""}
          </dd>
          <dt>Started</dt>
          <dd>{formatDateTime(run.startedAt)}</dd>
          <dt>Finished</dt>
          <dd>
            {run.finishedAt ? `${formatDateTime(run.finishedAt)} (${formatDuration(took)})` : "not yet"}
          </dd>
          <dt>Plan</dt>
          <dd>
            {run.plan
              ? `${run.plan.calls} calls, ${run.plan.dataRequests} data requests (minimum ${run.plan.minimumDataRequests})${run.plan.deferred ? `, ${run.plan.deferred} deferred` : ""}`
              : "—"}
          </dd>
          <dt>Spent</dt>
          <dd>
            {run.calls} calls, {run.dataRequests} data requests · {run.observations.toLocaleString()}{" "}
            observations
          </dd>
          <dt>Batches</dt>
          <dd>
            {run.batches.done}/{run.batches.total} done · {run.batches.failed} failed · {run.batches.skipped}{" "}
            skipped · {run.batches.pending} pending
          </dd>
          {run.message && (
            <>
              <dt>Outcome</dt>
              <dd>{run.message}</dd>
            </>
          )}
        </dl>
      </section>
      <section className="card stack" aria-labelledby="run-batches">
        <h2 id="run-batches">Batches ({run.batches.total})</h2>
        {batches.length === 0 ? (
          <p className="empty">This run planned no batch.</p>
        ) : (
          <BatchesTable items={batches} />
        )}
        {run.batches.total > batches.length && (
          <p className="small muted">Showing the first {batches.length}.</p>
        )}
      </section>
      <section className="card stack" aria-labelledby="run-calls">
        <h2 id="run-calls">Upstream calls ({calls.totals.calls.toLocaleString()})</h2>
        <p className="small">
          <Link href={`/admin/calls?run=${encodeURIComponent(run.id)}`}>
            Open this run's calls in the ledger
          </Link>{" "}
          · {calls.totals.dataRequests.toLocaleString()} data requests
        </p>
        {calls.items.length === 0 ? (
          <p className="empty">No call is recorded for this run.</p>
        ) : (
          <LedgerTable items={calls.items} />
        )}
      </section>
    </div>
  );
}
