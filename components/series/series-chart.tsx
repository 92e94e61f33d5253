"use client";

import { useMemo } from "react";
import { LazyLineChart as LineChart } from "@/components/charts/lazy-line-chart";
import { TRANSFORM_LABELS } from "@/lib/domain/transforms";
import { type SeriesChartInput, seriesChartSpec } from "./series-lines";

export function SeriesChart({
  title,
  placeholderSvg,
  ...input
}: SeriesChartInput & {
  title: string;
  /** the same chart drawn by the server, shown until this one is drawn */
  placeholderSvg?: string | null;
}) {
  const { unitLabel, finals, forecasts, transform, base, log } = input;
  const spec = useMemo(
    () => seriesChartSpec({ unitLabel, finals, forecasts, transform, base, log }),
    [unitLabel, finals, forecasts, transform, base, log],
  );
  if (!finals.length) return <p className="empty">No values stored for this rendering yet.</p>;
  return (
    <LineChart
      {...spec}
      placeholderSvg={placeholderSvg}
      filename={title.slice(0, 60)}
      label={`Chart of ${title}: ${TRANSFORM_LABELS[transform]}`}
    />
  );
}
