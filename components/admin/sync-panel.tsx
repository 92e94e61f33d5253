"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";

type Run = {
  id: string;
  status: string;
  trigger: string;
  startedAt: string;
  finishedAt: string | null;
  message: string | null;
  nextAttemptAt: string | null;
  calls: number;
  dataRequests: number;
  minimumDataRequests: number;
  observations: number;
  batches: { total: number; done: number; failed: number; skipped: number; pending: number };
};

type Plan = {
  calls: number;
  dataRequests: number;
  minimumDataRequests: number;
  byReason: Record<string, number>;
};

/** Start a sync or a dry run, and watch the current run's per-batch progress. */
export function SyncPanel({ initial }: { initial: Run | null }) {
  const router = useRouter();
  const [run, setRun] = useState<Run | null>(initial);
  const [plan, setPlan] = useState<Plan | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const active = run && ["planning", "running"].includes(run.status);

  useEffect(() => {
    if (!active) return;
    const timer = setInterval(async () => {
      const res = await fetch("/api/admin/sync");
      if (!res.ok) return;
      const data = (await res.json()) as { current: Run | null };
      setRun(data.current);
      if (data.current && !["planning", "running"].includes(data.current.status)) router.refresh();
    }, 1500);
    return () => clearInterval(timer);
  }, [active, router]);

  const start = async (dryRun: boolean) => {
    setMessage(dryRun ? "Planning…" : "Starting…");
    const res = await fetch("/api/admin/sync", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ dryRun }),
    });
    const data = (await res.json()) as { plan?: Plan; message?: string; error?: { message: string } };
    if (!res.ok) return setMessage(data.error?.message ?? "Failed");
    setMessage(data.message ?? null);
    if (dryRun) setPlan(data.plan ?? null);
    else
      setRun((r) => ({
        ...(r as Run),
        status: "planning",
        batches: { total: 0, done: 0, failed: 0, skipped: 0, pending: 0 },
      }));
  };

  const pct = run?.batches.total ? Math.round((run.batches.done / run.batches.total) * 100) : 0;
  return (
    <section className="card stack" aria-labelledby="sync-heading">
      <h2 id="sync-heading">Sync</h2>
      <div className="row">
        <button type="button" className="button" onClick={() => start(true)} disabled={Boolean(active)}>
          Plan a sync (dry run)
        </button>
        <button
          type="button"
          className="button primary"
          onClick={() => start(false)}
          disabled={Boolean(active)}
        >
          Sync now
        </button>
      </div>
      <p role="status" className="small">
        {message}
      </p>
      {plan && (
        <p>
          Plan: {plan.calls} call(s), {plan.dataRequests} data request(s) (minimum {plan.minimumDataRequests})
          —{" "}
          {Object.entries(plan.byReason)
            .filter(([, n]) => n)
            .map(([r, n]) => `${n} ${r}`)
            .join(", ") || "nothing to fetch"}
        </p>
      )}
      {run ? (
        <div className="stack">
          <p>
            <strong>{run.status}</strong> · {run.trigger} · started {new Date(run.startedAt).toLocaleString()}
            {run.finishedAt ? ` · finished ${new Date(run.finishedAt).toLocaleString()}` : ""}
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
            <p className="small">Next attempt: {new Date(run.nextAttemptAt).toLocaleString()}</p>
          )}
        </div>
      ) : (
        <p className="empty">No sync has run yet.</p>
      )}
    </section>
  );
}
