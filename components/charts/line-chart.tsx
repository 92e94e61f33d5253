"use client";

import { LineChart as Line } from "echarts/charts";
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import { useEffect, useRef } from "react";

// Tree-shaken ECharts: only lines, grid, tooltip, legend and zoom are bundled, and only on pages
// that show a chart.
echarts.use([Line, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, CanvasRenderer]);

export type ChartSeries = {
  name: string;
  points: { date: string; value: number; preliminary?: boolean }[];
  forecast?: boolean;
  /** 0 = left axis, 1 = right axis */
  axis?: 0 | 1;
  color?: string;
};

export function LineChart({
  series,
  axisNames = [],
  label,
  height = 380,
}: {
  series: ChartSeries[];
  axisNames?: string[];
  label: string;
  height?: number;
}) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!el.current) return;
    const chart = echarts.init(el.current, undefined, { renderer: "canvas" });
    const twoAxes = series.some((s) => s.axis === 1);
    chart.setOption({
      animation: false,
      grid: { left: 60, right: twoAxes ? 60 : 20, top: 40, bottom: 70 },
      tooltip: {
        trigger: "axis",
        valueFormatter: (v: unknown) => (typeof v === "number" ? v.toLocaleString() : String(v)),
      },
      legend: { top: 0, type: "scroll" },
      xAxis: { type: "time" },
      yAxis: [0, ...(twoAxes ? [1] : [])].map((i) => ({
        type: "value",
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
          lineStyle: s.forecast ? { type: "dashed", width: 2 } : { width: 2 },
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
    });
    // Follows its box, not only the window (a drawer, a rotated phone, a resized card).
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(el.current);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [series, axisNames]);
  return <div ref={el} role="img" aria-label={label} style={{ width: "100%", height }} />;
}
