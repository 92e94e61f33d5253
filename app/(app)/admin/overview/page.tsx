import { SettingsForm } from "@/components/admin/settings-form";
import { SyncPanel } from "@/components/admin/sync-panel";
import { requireAdmin } from "@/lib/auth/session";
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
  const [limits, sync] = await Promise.all([limitsOverview(), syncOverview()]);
  const totals = limits.ledger.reduce(
    (acc, r) => ({ calls: acc.calls + r.calls, dataRequests: acc.dataRequests + r.dataRequests }),
    { calls: 0, dataRequests: 0 },
  );
  return (
    <div className="stack">
      <div className="page-head">
        <h1>Overview</h1>
        <p className="small muted">Release period since {new Date(limits.periodStart).toLocaleString()}</p>
      </div>
      <SyncPanel initial={sync.current as never} />
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
