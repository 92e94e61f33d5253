"use client";

import dynamic from "next/dynamic";
import { useMemo } from "react";
import { applyTransform, TRANSFORM_LABELS, type Transform } from "@/lib/domain/transforms";

const LineChart = dynamic(() => import("@/components/charts/line-chart").then((m) => m.LineChart), {
  ssr: false,
  loading: () => <p className="muted">Loading chart…</p>,
});

type S = {
  code: string;
  assessment: string;
  currency: string;
  unit: string;
  finals: { date: string; value: number }[];
  forecasts: { date: string; value: number }[];
};

/**
 * Overlay: levels on up to two axes (by currency/unit), or every series under the same transform
 * as the series page (month-on-month, year-on-year, change, rebased to 100 at a common month).
 */
export function CompareChart({
  series,
  mode,
  base,
  log = false,
}: {
  series: S[];
  mode: Transform;
  base?: string;
  log?: boolean;
}) {
  const { lines, axes } = useMemo(() => {
    const unitKeys = [...new Set(series.map((s) => `${s.currency}/${s.unit}`))];
    const common =
      base ??
      series
        .map((s) => s.finals[0]?.date.slice(0, 7) ?? "")
        .sort()
        .at(-1);
    const lines = series.map((s) => {
      const all = [...s.finals, ...s.forecasts];
      const points = mode === "level" ? all : applyTransform(all, mode, all, common);
      const axis = mode === "level" ? Math.min(1, unitKeys.indexOf(`${s.currency}/${s.unit}`)) : 0;
      return { name: `${s.code} ${s.assessment.slice(0, 40)}`, points, axis: axis as 0 | 1 };
    });
    const axes =
      mode === "level"
        ? [unitKeys[0] ?? "", unitKeys.slice(1).join(", ")]
        : [mode === "rebase" ? `= 100 at ${common}` : TRANSFORM_LABELS[mode]];
    return { lines, axes };
  }, [series, mode, base]);
  if (!series.length) return <p className="empty">Add series to compare.</p>;
  return (
    <LineChart
      series={lines}
      axisNames={axes}
      log={log && (mode === "level" || mode === "rebase")}
      label={`Comparison of ${series.length} series`}
      height={440}
      filename="comparison"
    />
  );
}
