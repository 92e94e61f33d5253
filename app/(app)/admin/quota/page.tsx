import type { Metadata } from "next";
import { DailyCallsChart } from "@/components/quota/daily-calls-chart";
import { DatasetQuotaTable } from "@/components/quota/dataset-quota-table";
import { RefreshLimitsButton, ThresholdsForm } from "@/components/quota/quota-actions";
import { DatasetQuotaChart } from "@/components/quota/quota-charts";
import { VendorCalendar } from "@/components/quota/vendor-calendar";
import { requireAdmin } from "@/lib/auth/session";
import { formatDateTime } from "@/lib/domain/format";
import { calendarView } from "@/lib/services/calendar";
import { limitsHistory, reconciliationWarnings } from "@/lib/services/quota";
import { quotaThresholds } from "@/lib/services/quota-admin";
import { currentQuotaAlerts } from "@/lib/services/quota-alerts";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Quota" };

const pct = (used: number, total: number) => (total > 0 ? ((used / total) * 100).toFixed(1) : "0");

/** A quota as a full-width meter with its figures: used of total, share, and the projection. */
function Meter({
  label,
  used,
  total,
  projected,
}: {
  label: string;
  used: number;
  total: number;
  projected: number;
}) {
  return (
    <div className="quota-meter">
      <div className="quota-meter-head small">
        <strong>{label}</strong>
        <span>
          <span className="mono">
            {used.toLocaleString("en")} of {total.toLocaleString("en")}
          </span>{" "}
          used ({pct(used, total)} %) · about {projected.toLocaleString("en")} by the end of the period
        </span>
      </div>
      <meter min={0} max={total} value={used} low={total * 0.8} high={total * 0.95} aria-label={label} />
    </div>
  );
}

export default async function QuotaPage() {
  await requireAdmin();
  const [history, { thresholds }, alerts] = await Promise.all([
    limitsHistory({}, { admin: true }),
    quotaThresholds(),
    currentQuotaAlerts(),
  ]);
  const warnings = reconciliationWarnings(history);
  const now = new Date().toISOString();
  return (
    <div className="stack">
      <div className="page-head">
        <div>
          <h1>Quota</h1>
          <p className="small muted">
            Release period {history.period.key}: {formatDateTime(history.period.start)} to{" "}
            {formatDateTime(history.period.end)}
          </p>
        </div>
        <RefreshLimitsButton />
      </div>
      {warnings.map((w) => (
        <p key={`${w.service}|${w.dataset}`} className="alert warn" role="alert">
          {w.message}
        </p>
      ))}
      {alerts.map((a) => (
        <p key={a.meter} className="alert danger" role="status">
          {a.label}: {a.threshold} % of the quota used ({a.used} of {a.total}), since{" "}
          {formatDateTime(a.firedAt)}.
        </p>
      ))}
      <section className="card stack" aria-labelledby="codes-heading">
        <h2 id="codes-heading">Codes per dataset</h2>
        <p className="small">
          The vendor's data-limits reports of this period (kept at every sync, once a day and on refresh),
          what Price Atlas spent from its own ledger, and the projection to the period's end from the pace so
          far
          {history.refresh.done
            ? " (this period's refresh has run)."
            : `, plus the monthly refresh still to come, priced from ${history.refresh.basis}.`}
        </p>
        <DatasetQuotaChart
          datasets={history.datasets}
          periodStart={history.period.start}
          periodEnd={history.period.end}
          now={now}
        />
        <DatasetQuotaTable
          rows={history.datasets.map((d) => ({
            service: d.service,
            dataset: d.dataset,
            remaining: d.remaining,
            total: d.total,
            spent: d.appSpend.at(-1)?.spent ?? 0,
            projectedRemaining: d.projection.projectedRemaining,
            exhaustedAt: d.projection.exhaustedAt,
            reportedAt: d.reportedAt,
          }))}
        />
      </section>
      <section className="card stack" aria-labelledby="calls-heading">
        <h2 id="calls-heading">Call quotas</h2>
        <Meter
          label="Vendor calls today"
          used={history.daily.used}
          total={history.daily.total}
          projected={history.daily.projection.projectedSpend}
        />
        <Meter
          label="Series Info calls this period"
          used={history.seriesInfo.used}
          total={history.seriesInfo.total}
          projected={history.seriesInfo.projection.projectedSpend}
        />
        <DailyCallsChart history={history.daily.history} total={history.daily.total} />
      </section>
      <section className="card stack" aria-labelledby="thresholds-heading">
        <h2 id="thresholds-heading">Warnings</h2>
        <p className="small">
          Admins are warned once per quota, threshold and period when a quota's use reaches one of these.
        </p>
        <ThresholdsForm thresholds={thresholds} />
      </section>
      <VendorCalendar calendar={calendarView()} />
    </div>
  );
}
