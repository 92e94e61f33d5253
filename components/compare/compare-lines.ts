import type { ChartSeries } from "@/components/charts/line-chart-option";
import { formatMonth, unitLabel } from "@/lib/domain/format";
import { applyTransform, commonBaseMonth, TRANSFORM_LABELS, type Transform } from "@/lib/domain/transforms";

// A comparison's lines and axes (pure, so the chart and the page agree on them): in levels each
// currency/unit gets its own value axis (the first two drawn, left and right; a further one
// scales its lines on its own); under a transform all share one axis. Forecasts are dashed lines
// of the series' colour, joined to its last final.

export type ComparedSeries = {
  service: string;
  code: string;
  assessment: string;
  currency: string;
  unit: string;
  finals: { date: string; value: number }[];
  forecasts: { date: string; value: number }[];
};

export const COMPARE_COLOURS = [
  "#2563eb",
  "#16a34a",
  "#d97706",
  "#dc2626",
  "#0891b2",
  "#7c3aed",
  "#db2777",
  "#65a30d",
  "#ea580c",
  "#475569",
];

export const seriesKey = (s: { service: string; code: string }) => `${s.service}:${s.code}`;

export function compareLayout(series: ComparedSeries[], mode: Transform, base?: string) {
  const units = [...new Set(series.map((s) => unitLabel(s.currency, s.unit)))];
  const rebaseAt = base ?? commonBaseMonth(series);
  const lines: (ChartSeries & { key: string })[] = [];
  const axisOf = new Map<string, number>();
  series.forEach((s, i) => {
    const axis = mode === "level" ? units.indexOf(unitLabel(s.currency, s.unit)) : 0;
    axisOf.set(seriesKey(s), axis);
    const all = [...s.finals, ...s.forecasts];
    const shown = (points: typeof all) =>
      mode === "level" ? points : applyTransform(points, mode, all, rebaseAt);
    const name = `${s.code} ${s.assessment}`;
    const color = COMPARE_COLOURS[i % COMPARE_COLOURS.length];
    const key = seriesKey(s);
    lines.push({ key, name, points: shown(s.finals), axis, color });
    const last = s.finals.at(-1);
    if (s.forecasts.length)
      lines.push({
        key,
        name: `${name} (forecast)`,
        points: shown(last ? [last, ...s.forecasts] : s.forecasts),
        axis,
        color,
        forecast: true,
      });
  });
  const axisNames =
    mode === "level"
      ? units
      : [mode === "rebase" ? `= 100 at ${rebaseAt ? formatMonth(rebaseAt) : "—"}` : TRANSFORM_LABELS[mode]];
  return { lines, axisNames, axisOf, rebaseAt };
}

export const COMPARE_CHART_HEIGHT = 440;

/** The chart of a comparison with every line shown (the legend is the page's own list). */
export function compareChartSpec(series: ComparedSeries[], mode: Transform, base?: string, log = false) {
  const layout = compareLayout(series, mode, base);
  return {
    series: layout.lines,
    axisNames: layout.axisNames,
    log: log && (mode === "level" || mode === "rebase"),
    legend: false,
  };
}
