"use client";

import { useMemo } from "react";
import { LazyLineChart as LineChart } from "@/components/charts/lazy-line-chart";
import { applyTransform, TRANSFORM_LABELS, type Transform } from "@/lib/domain/transforms";

type P = { date: string; value: number; preliminary?: boolean };

export function SeriesChart({
  title,
  unitLabel,
  finals,
  forecasts,
  transform,
  base,
  log = false,
}: {
  title: string;
  unitLabel: string;
  finals: P[];
  forecasts: P[];
  transform: Transform;
  base?: string;
  log?: boolean;
}) {
  const series = useMemo(() => {
    const all = [...finals, ...forecasts];
    const f = applyTransform(finals, transform, all, base).map((p) => ({
      ...p,
      preliminary: finals.find((x) => x.date === p.date)?.preliminary,
    }));
    // The forecast line starts at the last final so the two join.
    const lastFinal = finals.at(-1);
    const joined = lastFinal ? [{ date: lastFinal.date, value: lastFinal.value }, ...forecasts] : forecasts;
    const fc = applyTransform(joined, transform, all, base);
    return [
      { name: "Final", points: f },
      ...(forecasts.length ? [{ name: "Forecast", points: fc, forecast: true, color: "#7c3aed" }] : []),
    ];
  }, [finals, forecasts, transform, base]);
  if (!finals.length) return <p className="empty">No values stored for this rendering yet.</p>;
  const axis = transform === "level" ? unitLabel : TRANSFORM_LABELS[transform];
  // Percent changes and differences go below zero: a log scale only applies to levels and rebased values.
  const logScale = log && (transform === "level" || transform === "rebase");
  return (
    <LineChart
      series={series}
      axisNames={[axis]}
      log={logScale}
      filename={title.slice(0, 60)}
      label={`Chart of ${title}: ${TRANSFORM_LABELS[transform]}`}
    />
  );
}
