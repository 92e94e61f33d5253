// Lines over time (finals solid, forecasts dashed, preliminary points marked), each on its own
// value axis when asked (one per unit: the first two are drawn left and right, any further one
// scales its lines on its own without a drawn scale), linear or logarithmic. The ECharts option
// alone (pure): the browser draws it, and the server draws it as SVG for the first paint.
import type { EChartsCoreOption } from "echarts/core";
import { formatMonth } from "@/lib/domain/format";

export type ChartSeries = {
  name: string;
  points: { date: string; value: number; preliminary?: boolean }[];
  forecast?: boolean;
  /** value axis index: 0 = left, 1 = right, 2+ = own scale, not drawn */
  axis?: number;
  color?: string;
  /** thinner and lighter (e.g. past vintages under the current one) */
  faint?: boolean;
};

/** At most this many value axes are drawn; more would crowd the plot. */
export const DRAWN_AXES = 2;

function lineSeries(s: ChartSeries) {
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
}

export type LineChartSpec = {
  series: ChartSeries[];
  axisNames?: string[];
  /** logarithmic value axes (non-positive values cannot be drawn on them) */
  log?: boolean;
  /** false: the page shows its own legend (e.g. a list with a toggle per series) */
  legend?: boolean;
};

export function lineChartOption({
  series,
  axisNames = [],
  log = false,
  legend = true,
}: LineChartSpec): EChartsCoreOption {
  const axisCount = Math.max(1, ...series.map((s) => (s.axis ?? 0) + 1));
  return {
    // The legend has the top line to itself; the axis names sit below it, never under it.
    grid: { left: 60, right: axisCount > 1 ? 60 : 20, top: legend ? 64 : 30, bottom: 70 },
    tooltip: {
      trigger: "axis",
      valueFormatter: (v: unknown) =>
        typeof v === "number" ? v.toLocaleString("en", { maximumFractionDigits: 6 }) : String(v),
    },
    legend: { show: legend, top: 0, type: "scroll" },
    // The tooltip's heading reads the month as a month ("Nov 2026"), not a day.
    xAxis: {
      type: "time",
      // A narrow chart shows fewer labels rather than labels on top of each other.
      axisLabel: { hideOverlap: true },
      axisPointer: {
        label: {
          formatter: (p: { value: unknown }) => formatMonth(new Date(Number(p.value)).toISOString()),
        },
      },
    },
    yAxis: Array.from({ length: axisCount }, (_, i) => ({
      type: log ? "log" : "value",
      scale: true,
      name: axisNames[i] ?? "",
      position: i % 2 ? "right" : "left",
      show: i < DRAWN_AXES,
      splitLine: { show: i === 0 },
    })),
    dataZoom: [{ type: "inside" }, { type: "slider", height: 24, bottom: 12 }],
    series: series.flatMap(lineSeries),
  };
}
