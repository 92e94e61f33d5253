"use client";

import { useMemo, useState } from "react";
import { type ChartOption, EChart } from "@/components/charts/echart";
import { formatDateTime } from "@/lib/domain/format";
import "./quota.css";

// The quota charts of the admin quota page: one dataset's remaining codes through the release
// period (the vendor's reports), the app's own spend beside it and the projection to the period's
// end (dashed). Both counts are steps: a count holds until the next report or call changes it, and
// the spend steps at the times the ledger recorded the calls (a line between sparse points would
// show a slow climb where all was spent in minutes).

export type DatasetQuotaData = {
  service: string;
  dataset: string;
  total: number;
  remaining: number;
  reports: { at: string; remaining: number }[];
  appSpend: { at: string; spent: number }[];
  projection: { points: { at: string; remaining: number }[]; projectedRemaining: number };
};

const COLORS = { remaining: "#2563eb", spent: "#16a34a", projection: "#dc2626" } as const;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const key = (d: { service: string; dataset: string }) => `${d.service}|${d.dataset}`;
const ms = (iso: string) => new Date(iso).getTime();

/** "23 Nov" (UTC): the day under a tick of the period's time axis. */
export const dayLabel = (value: number | string) => {
  const d = new Date(value);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
};

/** A cumulative count as steps: one point per instant (the last count at it), held until now. */
function steps(points: { at: string; value: number }[], from: number | null, until: number) {
  const byTime = new Map<number, number>();
  if (from !== null) byTime.set(from, 0);
  for (const p of points) byTime.set(ms(p.at), p.value);
  const sorted = [...byTime].sort((a, b) => a[0] - b[0]);
  const out: (number[] | { value: number[]; symbol: "none" })[] = [...sorted];
  const last = sorted.at(-1);
  // held until now: not a reading of its own, so not marked
  if (last && last[0] < until) out.push({ value: [until, last[1]], symbol: "none" });
  return out;
}

/** The legend as page content above the chart: it wraps on a phone and never covers the plot. */
export function ChartLegend({ items }: { items: { name: string; color: string; dashed?: boolean }[] }) {
  return (
    <ul className="chart-legend small" aria-label="Legend">
      {items.map((i) => (
        <li key={i.name}>
          <span
            className={`swatch${i.dashed ? " dashed" : ""}`}
            style={{ color: i.color }}
            aria-hidden="true"
          />
          {i.name}
        </li>
      ))}
    </ul>
  );
}

const LEGEND = [
  { name: "Vendor: remaining (its data-limits reports)", color: COLORS.remaining },
  { name: "Price Atlas spent this period (its call ledger)", color: COLORS.spent },
  { name: "Projected remaining at period end", color: COLORS.projection, dashed: true },
];

export function DatasetQuotaChart({
  datasets,
  periodStart,
  periodEnd,
  now,
}: {
  datasets: DatasetQuotaData[];
  periodStart: string;
  periodEnd: string;
  now: string;
}) {
  // The dataset heading for the lowest end of period first: the one to watch.
  const sorted = useMemo(
    () => [...datasets].sort((a, b) => a.projection.projectedRemaining - b.projection.projectedRemaining),
    [datasets],
  );
  const services = useMemo(() => [...new Set(sorted.map((d) => d.service))].sort(), [sorted]);
  const [selected, setSelected] = useState(() => (sorted[0] ? key(sorted[0]) : ""));
  const current = sorted.find((d) => key(d) === selected) ?? sorted[0];
  const option = useMemo<ChartOption | null>(() => {
    if (!current) return null;
    const until = ms(now);
    return {
      useUTC: true,
      grid: { left: 8, right: 16, top: 32, bottom: 56, containLabel: true },
      tooltip: {
        trigger: "axis",
        axisPointer: {
          label: { formatter: (p: { value: unknown }) => formatDateTime(new Date(Number(p.value))) },
        },
        valueFormatter: (v: unknown) =>
          typeof v === "number" ? `${v.toLocaleString("en")} codes` : String(v),
      },
      xAxis: {
        type: "time",
        min: ms(periodStart),
        max: ms(periodEnd),
        axisLabel: { hideOverlap: true, formatter: dayLabel },
      },
      yAxis: { type: "value", min: 0, max: current.total, name: "codes", nameGap: 12 },
      dataZoom: [{ type: "inside" }, { type: "slider", height: 20, bottom: 8, labelFormatter: dayLabel }],
      series: [
        {
          name: LEGEND[0]?.name,
          type: "line",
          step: "end",
          // each report is a reading: marked, so a single one this period still shows
          symbolSize: 6,
          color: COLORS.remaining,
          data: steps(
            current.reports.map((r) => ({ at: r.at, value: r.remaining })),
            null,
            until,
          ),
        },
        {
          name: LEGEND[1]?.name,
          type: "line",
          step: "end",
          showSymbol: false,
          color: COLORS.spent,
          data: steps(
            current.appSpend.map((s) => ({ at: s.at, value: s.spent })),
            ms(periodStart),
            until,
          ),
        },
        {
          name: LEGEND[2]?.name,
          type: "line",
          showSymbol: false,
          color: COLORS.projection,
          lineStyle: { type: "dashed" },
          data: current.projection.points.map((p) => [ms(p.at), p.remaining]),
        },
      ],
    };
  }, [current, periodStart, periodEnd, now]);
  if (!current || !option)
    return <p className="empty">No data-limits report yet: refresh it, or wait for the first sync.</p>;
  const spent = current.appSpend.at(-1)?.spent ?? 0;
  return (
    <div className="stack">
      <div className="field">
        <label htmlFor="quota-dataset">Dataset</label>
        <select id="quota-dataset" value={key(current)} onChange={(e) => setSelected(e.target.value)}>
          {services.map((service) => (
            <optgroup key={service} label={service}>
              {sorted
                .filter((d) => d.service === service)
                .map((d) => (
                  <option key={key(d)} value={key(d)}>
                    {d.dataset} · {d.remaining} of {d.total} left
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      </div>
      <p className="small">
        <strong>
          {current.dataset} ({current.service})
        </strong>
        : the vendor reports {current.remaining.toLocaleString("en")} of {current.total.toLocaleString("en")}{" "}
        codes left; Price Atlas spent {spent.toLocaleString("en")} this period; about{" "}
        {current.projection.projectedRemaining.toLocaleString("en")} left at the period's end.
      </p>
      <ChartLegend items={LEGEND} />
      <EChart
        option={option}
        label={`Remaining codes of ${current.dataset} (${current.service}) through the release period, Price Atlas's spend and the projection`}
        height={300}
        filename={`quota-${current.service}-${current.dataset}`}
      />
    </div>
  );
}
