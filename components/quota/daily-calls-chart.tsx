"use client";

import { useMemo } from "react";
import { type ChartOption, EChart } from "@/components/charts/echart";
import { formatMonth } from "@/lib/domain/format";
import "./quota.css";

// The vendor calls of each of the last days as bars on a scale of their own, with each day's
// figure: against the 8,000 calls a day allows, a few hundred would be a flat line at the bottom.
// The quota itself is stated beside it (and drawn as a meter above).

/** "2026-11-23" → "23 Nov" */
const dayLabel = (day: string) => {
  const m = /^\d{4}-\d{2}-(\d{2})/.exec(day);
  return m ? `${Number(m[1])} ${formatMonth(day).slice(0, 3)}` : day;
};

export function DailyCallsChart({
  history,
  total,
}: {
  history: { day: string; used: number }[];
  total: number;
}) {
  const option = useMemo<ChartOption>(
    () => ({
      grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
      tooltip: {
        trigger: "axis",
        valueFormatter: (v: unknown) =>
          typeof v === "number"
            ? `${v.toLocaleString("en")} calls (${((v / total) * 100).toFixed(1)} % of ${total.toLocaleString("en")})`
            : String(v),
      },
      xAxis: {
        type: "category",
        data: history.map((h) => dayLabel(h.day)),
        axisLabel: { hideOverlap: true },
      },
      yAxis: { type: "value", min: 0, name: "calls", nameGap: 12, minInterval: 1 },
      series: [
        {
          name: "Vendor calls",
          type: "bar",
          color: "#7c3aed",
          barMaxWidth: 36,
          label: { show: history.length <= 14, position: "top", formatter: "{c}" },
          data: history.map((h) => h.used),
        },
      ],
    }),
    [history, total],
  );
  if (history.length === 0) return <p className="empty">No vendor calls counted yet.</p>;
  const busiest = Math.max(...history.map((h) => h.used));
  return (
    <div className="stack">
      <p className="small">
        Vendor calls per day (US Central days), on their own scale: the daily quota is{" "}
        {total.toLocaleString("en")} calls; the busiest of these {history.length} day
        {history.length === 1 ? "" : "s"} used {busiest.toLocaleString("en")} (
        {((busiest / total) * 100).toFixed(1)} %).
      </p>
      <EChart
        option={option}
        label={`Vendor calls per day; the daily quota is ${total.toLocaleString("en")}`}
        height={240}
        filename="daily-calls"
      />
    </div>
  );
}
