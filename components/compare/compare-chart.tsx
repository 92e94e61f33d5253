"use client";

import dynamic from "next/dynamic";
import { useMemo } from "react";
import { applyTransform } from "@/lib/domain/transforms";

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

/** Overlay: levels on up to two axes (by currency/unit), or everything rebased to 100 at a common month. */
export function CompareChart({
  series,
  mode,
  base,
}: {
  series: S[];
  mode: "level" | "rebase";
  base?: string;
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
      const points = mode === "rebase" ? applyTransform(all, "rebase", all, common) : all;
      const axis = mode === "rebase" ? 0 : Math.min(1, unitKeys.indexOf(`${s.currency}/${s.unit}`));
      return { name: `${s.code} ${s.assessment.slice(0, 40)}`, points, axis: axis as 0 | 1 };
    });
    const axes =
      mode === "rebase" ? [`= 100 at ${common}`] : [unitKeys[0] ?? "", unitKeys.slice(1).join(", ")];
    return { lines, axes };
  }, [series, mode, base]);
  if (!series.length) return <p className="empty">Add series to compare.</p>;
  return (
    <LineChart series={lines} axisNames={axes} label={`Comparison of ${series.length} series`} height={440} />
  );
}
