"use client";

import { useMemo } from "react";
import { EChart } from "./echart";
import { type LineChartSpec, lineChartOption } from "./line-chart-option";

export { type ChartSeries, DRAWN_AXES } from "./line-chart-option";

export function LineChart({
  series,
  axisNames,
  label,
  height = 380,
  log = false,
  filename,
  legend = true,
  onDrawn,
}: LineChartSpec & {
  label: string;
  height?: number;
  filename?: string;
  /** called once the chart is on screen */
  onDrawn?: () => void;
}) {
  const option = useMemo(
    () => lineChartOption({ series, axisNames, log, legend }),
    [series, axisNames, log, legend],
  );
  return <EChart option={option} label={label} height={height} filename={filename} onDrawn={onDrawn} />;
}
