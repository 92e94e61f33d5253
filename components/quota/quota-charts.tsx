"use client";

import { useMemo, useState } from "react";
import { type ChartSeries, LineChart } from "@/components/charts/line-chart";

// The quota charts of the admin quota page: one dataset's remaining codes through the release
// period (the vendor's reports), the app's own spend beside it and the projection to the period's
// end (dashed); the daily calls of the last weeks.

export type DatasetQuotaData = {
  service: string;
  dataset: string;
  total: number;
  remaining: number;
  reports: { at: string; remaining: number }[];
  appSpend: { at: string; spent: number }[];
  projection: { points: { at: string; remaining: number }[]; projectedRemaining: number };
};

const key = (d: { service: string; dataset: string }) => `${d.service}|${d.dataset}`;

export function DatasetQuotaChart({
  datasets,
  periodStart,
}: {
  datasets: DatasetQuotaData[];
  periodStart: string;
}) {
  // The dataset heading for the lowest end of period first: the one to watch.
  const sorted = useMemo(
    () => [...datasets].sort((a, b) => a.projection.projectedRemaining - b.projection.projectedRemaining),
    [datasets],
  );
  const [selected, setSelected] = useState(() => (sorted[0] ? key(sorted[0]) : ""));
  const current = sorted.find((d) => key(d) === selected) ?? sorted[0];
  const series = useMemo<ChartSeries[]>(() => {
    if (!current) return [];
    return [
      {
        name: "Remaining (vendor's reports)",
        points: current.reports.map((r) => ({ date: r.at, value: r.remaining })),
        color: "#2563eb",
      },
      {
        name: "Spent by Price Atlas",
        points: [
          { date: periodStart, value: 0 },
          ...current.appSpend.map((s) => ({ date: s.at, value: s.spent })),
        ],
        color: "#16a34a",
      },
      {
        name: "Projection to period end",
        points: current.projection.points.map((p) => ({ date: p.at, value: p.remaining })),
        forecast: true,
        color: "#dc2626",
      },
    ];
  }, [current, periodStart]);
  if (!current)
    return <p className="empty">No data-limits report yet: refresh it, or wait for the first sync.</p>;
  return (
    <div className="stack">
      <div className="field">
        <label htmlFor="quota-dataset">Dataset</label>
        <select id="quota-dataset" value={key(current)} onChange={(e) => setSelected(e.target.value)}>
          {sorted.map((d) => (
            <option key={key(d)} value={key(d)}>
              {d.service} · {d.dataset} ({d.remaining} of {d.total} left)
            </option>
          ))}
        </select>
      </div>
      <LineChart
        series={series}
        axisNames={["codes"]}
        label={`Remaining codes of ${current.dataset} (${current.service}) through the release period, Price Atlas's spend and the projection`}
        height={320}
        filename={`quota-${current.service}-${current.dataset}`}
      />
    </div>
  );
}

export function DailyCallsChart({
  history,
  total,
}: {
  history: { day: string; used: number }[];
  total: number;
}) {
  const series = useMemo<ChartSeries[]>(
    () => [
      {
        name: "Calls per day",
        points: history.map((h) => ({ date: h.day, value: h.used })),
        color: "#7c3aed",
      },
      {
        name: "Daily quota",
        points: history.length
          ? [
              { date: history[0]?.day ?? "", value: total },
              { date: history.at(-1)?.day ?? "", value: total },
            ]
          : [],
        forecast: true,
        color: "#9ca3af",
      },
    ],
    [history, total],
  );
  if (history.length === 0) return <p className="empty">No vendor calls counted yet.</p>;
  return (
    <LineChart
      series={series}
      axisNames={["calls"]}
      label="Vendor calls per day"
      height={260}
      filename="daily-calls"
    />
  );
}
