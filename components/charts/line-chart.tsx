"use client";

import { useMemo } from "react";
import { type ChartOption, EChart } from "./echart";

// Lines over time (finals solid, forecasts dashed, preliminary points marked), on one or two axes,
// linear or logarithmic.

export type ChartSeries = {
  name: string;
  points: { date: string; value: number; preliminary?: boolean }[];
  forecast?: boolean;
  /** 0 = left axis, 1 = right axis */
  axis?: 0 | 1;
  color?: string;
  /** thinner and lighter (e.g. past vintages under the current one) */
  faint?: boolean;
};

export function LineChart({
  series,
  axisNames = [],
  label,
  height = 380,
  log = false,
  filename,
}: {
  series: ChartSeries[];
  axisNames?: string[];
  label: string;
  height?: number;
  /** logarithmic value axes (non-positive values cannot be drawn on them) */
  log?: boolean;
  filename?: string;
}) {
  const option = useMemo<ChartOption>(() => {
    const twoAxes = series.some((s) => s.axis === 1);
    return {
      grid: { left: 60, right: twoAxes ? 60 : 20, top: 40, bottom: 70 },
      tooltip: {
        trigger: "axis",
        valueFormatter: (v: unknown) => (typeof v === "number" ? v.toLocaleString() : String(v)),
      },
      legend: { top: 0, type: "scroll" },
      xAxis: { type: "time" },
      yAxis: [0, ...(twoAxes ? [1] : [])].map((i) => ({
        type: log ? "log" : "value",
        scale: true,
        name: axisNames[i] ?? "",
        position: i ? "right" : "left",
      })),
      dataZoom: [{ type: "inside" }, { type: "slider", height: 24, bottom: 12 }],
      series: series.flatMap((s) => {
        const line = {
          name: s.name,
          type: "line",
          showSymbol: false,
          yAxisIndex: s.axis ?? 0,
          color: s.color,
          lineStyle: {
            width: s.faint ? 1 : 2,
            ...(s.forecast ? { type: "dashed" } : {}),
            ...(s.faint ? { opacity: 0.6 } : {}),
          },
          data: s.points.map((p) => [p.date, p.value]),
        };
        const preliminary = s.points.filter((p) => p.preliminary);
        if (!preliminary.length) return [line];
        // Preliminary points: marked with a diamond on top of the line.
        return [
          line,
          {
            name: `${s.name} (preliminary)`,
            type: "line",
            yAxisIndex: s.axis ?? 0,
            symbol: "diamond",
            symbolSize: 10,
            lineStyle: { width: 0 },
            itemStyle: { color: "#d97706" },
            data: preliminary.map((p) => [p.date, p.value]),
          },
        ];
      }),
    };
  }, [series, axisNames, log]);
  return <EChart option={option} label={label} height={height} filename={filename} />;
}
