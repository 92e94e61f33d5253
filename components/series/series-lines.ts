import type { ChartSeries } from "@/components/charts/line-chart-option";
import { applyTransform, TRANSFORM_LABELS, type Transform } from "@/lib/domain/transforms";

// A series page's chart (pure, so the page's first paint and the interactive chart agree): finals
// solid with preliminary points marked, forecasts dashed from the last final on, under the page's
// transform; a log scale only for levels and rebased values (changes go below zero).

type P = { date: string; value: number; preliminary?: boolean };

export type SeriesChartInput = {
  unitLabel: string;
  finals: P[];
  forecasts: P[];
  transform: Transform;
  base?: string;
  log?: boolean;
};

export function seriesChartSpec({
  unitLabel,
  finals,
  forecasts,
  transform,
  base,
  log = false,
}: SeriesChartInput) {
  const all = [...finals, ...forecasts];
  const preliminary = new Set(finals.filter((p) => p.preliminary).map((p) => p.date));
  const f = applyTransform(finals, transform, all, base).map((p) => ({
    ...p,
    preliminary: preliminary.has(p.date) || undefined,
  }));
  // The forecast line starts at the last final so the two join.
  const lastFinal = finals.at(-1);
  const joined = lastFinal ? [{ date: lastFinal.date, value: lastFinal.value }, ...forecasts] : forecasts;
  const series: ChartSeries[] = [
    { name: "Final", points: f },
    ...(forecasts.length
      ? [
          {
            name: "Forecast",
            points: applyTransform(joined, transform, all, base),
            forecast: true,
            color: "#7c3aed",
          },
        ]
      : []),
  ];
  return {
    series,
    axisNames: [transform === "level" ? unitLabel : TRANSFORM_LABELS[transform]],
    log: log && (transform === "level" || transform === "rebase"),
  };
}
