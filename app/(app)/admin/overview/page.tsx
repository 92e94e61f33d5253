import { DatasetMapping } from "@/components/admin/dataset-mapping";
import { SettingsForm } from "@/components/admin/settings-form";
import { SyncPanel } from "@/components/admin/sync-panel";
import { UnplannedTable } from "@/components/admin/unplanned-table";
import { requireAdmin } from "@/lib/auth/session";
import { formatDateTime } from "@/lib/domain/format";
import { datasetOverview } from "@/lib/services/datasets";
import { limitsOverview } from "@/lib/services/limits";
import { syncOverview } from "@/lib/services/sync";

export const dynamic = "force-dynamic";

function Meter({ label, used, total }: { label: string; used: number; total: number }) {
  return (
    <div className="field">
      <span className="small">
        {label}: {used.toLocaleString()} of {total.toLocaleString()} used
      </span>
      <meter min={0} max={total} value={used} low={total * 0.7} high={total * 0.9} aria-label={label} />
    </div>
  );
}

export default async function Overview() {
  await requireAdmin();
  const [limits, sync, datasets] = await Promise.all([limitsOverview(), syncOverview(), datasetOverview()]);
  const unknownCoverages = datasets.coverages.filter((c) => c.dataset === null);
  const totals = limits.ledger.reduce(
    (acc, r) => ({ calls: acc.calls + r.calls, dataRequests: acc.dataRequests + r.dataRequests }),
    { calls: 0, dataRequests: 0 },
  );
  return (
    <div className="stack">
      <div className="page-head">
        <h1>Overview</h1>
        <p className="small muted">Release period since {formatDateTime(limits.periodStart)}</p>
      </div>
      <SyncPanel initial={sync.current} />
      {sync.vendor
        .filter((v) => !v.historyAvailable)
        .map((v) => (
          <p key={v.service} className="alert warn" role="status">
            The subscription's plan does not include Series Values History for {v.service} (learned{" "}
            {formatDateTime(v.learnedAt)} from a 403): first loads take the last 13 months from Series Values.
            History is tried again next release period.
          </p>
        ))}
      <section className="card stack" aria-labelledby="unplanned-heading">
        <h2 id="unplanned-heading">Not loaded ({sync.unplannedTotal})</h2>
        <UnplannedTable items={sync.unplanned} total={sync.unplannedTotal} />
      </section>
      <section className="card stack" aria-labelledby="datasets-heading">
        <h2 id="datasets-heading">Quota datasets</h2>
        <p className="small">
          The vendor counts Series Values codes against datasets it does not publish. Price Atlas learns each
          country's dataset from what the vendor sends, or by loading one code that was due anyway and seeing
          which key of the data-limits report fell. Correct a dataset here if it is wrong.
          {unknownCoverages.length > 0 &&
            ` ${unknownCoverages.length} country row(s) are not learned yet: their codes are loaded without a local quota check.`}
        </p>
        <details open={unknownCoverages.length > 0}>
          <summary>
            {datasets.coverages.length} country rows:{" "}
            {datasets.coverages.filter((c) => c.source === "observed").length} learned by observation,{" "}
            {datasets.coverages.filter((c) => c.source === "admin").length} set by an admin,{" "}
            {unknownCoverages.length} not known yet
          </summary>
          <DatasetMapping rows={datasets.coverages} keys={datasets.reportKeys} />
        </details>
      </section>
      <section className="card stack" aria-labelledby="settings-heading">
        <h2 id="settings-heading">Settings</h2>
        <SettingsForm
          reserve={sync.settings.onDemandReserve}
          retention={sync.settings.variantRetentionDays}
        />
      </section>
      <section className="card stack" aria-labelledby="quota-heading">
        <h2 id="quota-heading">Quotas</h2>
        <Meter label="Calls today" used={limits.daily.used} total={limits.daily.total} />
        <Meter label="Series Info this month" used={limits.seriesInfo.used} total={limits.seriesInfo.total} />
        <p className="small">
          This period the app made {totals.calls.toLocaleString()} upstream calls for{" "}
          {totals.dataRequests.toLocaleString()} data requests. On-demand reserve:{" "}
          {sync.settings.onDemandReserve} codes per dataset.
        </p>
        {Object.entries(limits.services).map(([service, { datasets }]) => (
          <details key={service}>
            <summary>
              {service}: {datasets.length} datasets,{" "}
              {datasets.reduce((n, d) => n + d.remaining, 0).toLocaleString()} codes left
            </summary>
            <table>
              <thead>
                <tr>
                  <th scope="col">Dataset</th>
                  <th scope="col">Remaining</th>
                  <th scope="col">Total</th>
                </tr>
              </thead>
              <tbody>
                {datasets.map((d) => (
                  <tr key={d.dataset}>
                    <td>{d.dataset}</td>
                    <td className="mono">{d.remaining}</td>
                    <td className="mono">{d.total}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        ))}
      </section>
      <section className="card" aria-labelledby="usage-heading">
        <h2 id="usage-heading">Upstream calls this period</h2>
        {limits.ledger.length === 0 ? (
          <p className="empty">No upstream calls yet this period.</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">Service</th>
                <th scope="col">Operation</th>
                <th scope="col">Outcome</th>
                <th scope="col">Calls</th>
                <th scope="col">Data requests</th>
              </tr>
            </thead>
            <tbody>
              {limits.ledger.map((r) => (
                <tr key={`${r.service}-${r.operation}-${r.outcome}`}>
                  <td>{r.service ?? "—"}</td>
                  <td>{r.operation}</td>
                  <td>{r.outcome}</td>
                  <td className="mono">{r.calls}</td>
                  <td className="mono">{r.dataRequests}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
