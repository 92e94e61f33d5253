"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { z } from "zod";
import { apiError, sendJson } from "@/components/ui/api";
import { ErrorAlert } from "@/components/ui/error-alert";
import { formatDateTime } from "@/lib/domain/format";
import {
  isActiveRun,
  type PlanCost,
  type RunView,
  runViewSchema,
  syncSummarySchema,
} from "@/lib/domain/sync-run";

const progressSchema = z.object({ current: runViewSchema.nullable() });

/** Start a sync or a dry run, and watch the current run's per-batch progress. */
export function SyncPanel({ initial }: { initial: RunView | null }) {
  const router = useRouter();
  const [run, setRun] = useState<RunView | null>(initial);
  const [starting, setStarting] = useState(false);
  const [plan, setPlan] = useState<PlanCost | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const active = starting || (run !== null && isActiveRun(run.status));

  useEffect(() => {
    if (!active) return;
    const timer = setInterval(async () => {
      const res = await fetch("/api/admin/sync/progress");
      if (!res.ok) return;
      const parsed = progressSchema.safeParse(await res.json());
      if (!parsed.success) return;
      const current = parsed.data.current;
      // Until the new run shows up, the previous run's figures are not shown as if they were its own.
      if (starting && current && current.id === initial?.id && !isActiveRun(current.status)) return;
      setStarting(false);
      setRun(current);
      if (current && !isActiveRun(current.status)) router.refresh();
    }, 1500);
    return () => clearInterval(timer);
  }, [active, starting, initial?.id, router]);

  const start = async (dryRun: boolean) => {
    setError(null);
    setMessage(dryRun ? "Planning…" : "Starting…");
    const res = await sendJson("/api/admin/sync", "POST", { dryRun });
    const failure = await apiError(res.clone());
    if (failure) {
      setMessage(null);
      return setError(failure);
    }
    const data: unknown = await res.json();
    if (dryRun) {
      const summary = syncSummarySchema.safeParse(data);
      setPlan(summary.success ? summary.data.plan : null);
      setMessage(summary.success ? summary.data.message : null);
      return;
    }
    setMessage("The sync has started.");
    setStarting(true);
    setRun(null);
  };

  const pct = run?.batches.total ? Math.round((run.batches.done / run.batches.total) * 100) : 0;
  return (
    <section className="card stack" aria-labelledby="sync-heading">
      <h2 id="sync-heading">Sync</h2>
      <div className="row">
        <button type="button" className="button" onClick={() => start(true)} disabled={active}>
          Plan a sync (dry run)
        </button>
        <button type="button" className="button primary" onClick={() => start(false)} disabled={active}>
          Sync now
        </button>
      </div>
      <p role="status" className="small">
        {message}
      </p>
      <ErrorAlert message={error} />
      {plan && (
        <p>
          Plan: {plan.calls} call(s), {plan.dataRequests} data request(s) (minimum {plan.minimumDataRequests})
          —{" "}
          {Object.entries(plan.byReason)
            .filter(([, n]) => n)
            .map(([r, n]) => `${n} ${r}`)
            .join(", ") || "nothing to fetch"}
          {plan.deferred ? ` · ${plan.deferred} deferred for budget` : ""}
        </p>
      )}
      {starting && !run ? (
        <p className="small">Waiting for the new run to report…</p>
      ) : run ? (
        <div className="stack">
          <p>
            <strong>{run.status.replace("_", " ")}</strong> · {run.trigger} · started{" "}
            {formatDateTime(run.startedAt)}
            {run.finishedAt ? ` · finished ${formatDateTime(run.finishedAt)}` : ""}
          </p>
          <progress max={100} value={pct} aria-label="Sync progress">
            {pct}%
          </progress>
          <p className="small">
            {run.batches.done}/{run.batches.total} batches · {run.batches.failed} failed ·{" "}
            {run.batches.skipped} skipped · {run.observations.toLocaleString()} observations ·{" "}
            {run.dataRequests} data requests (minimum {run.minimumDataRequests}) · {run.calls} calls
          </p>
          {run.message && <p className="small">{run.message}</p>}
          {run.nextAttemptAt && (
            <p className="small">Resumes by itself at {formatDateTime(run.nextAttemptAt)}</p>
          )}
        </div>
      ) : (
        <p className="empty">No sync has run yet.</p>
      )}
    </section>
  );
}
