"use client";

import Link from "next/link";
import { useMemo, useState } from "react";
import { LazyLineChart as LineChart } from "@/components/charts/lazy-line-chart";
import { DRAWN_AXES } from "@/components/charts/line-chart-option";
import { unitLabel } from "@/lib/domain/format";
import type { Transform } from "@/lib/domain/transforms";
import {
  COMPARE_CHART_HEIGHT,
  COMPARE_COLOURS,
  type ComparedSeries,
  compareLayout,
  seriesKey,
} from "./compare-lines";

const AXIS_NAMES = ["left axis", "right axis"];

/**
 * The overlay and its legend: a list with each series' colour, full name, unit and axis, a
 * checkbox to hide or show its line, and a link to remove it from the comparison.
 */
export function CompareChart({
  series,
  mode,
  base,
  log = false,
  removeHrefs,
  placeholderSvg,
}: {
  series: ComparedSeries[];
  mode: Transform;
  base?: string;
  log?: boolean;
  /** per series (service:code), the address without it */
  removeHrefs: Record<string, string>;
  /** the chart as the server drew it, shown until this one is drawn */
  placeholderSvg?: string | null;
}) {
  const [hidden, setHidden] = useState<string[]>([]);
  const layout = useMemo(() => compareLayout(series, mode, base), [series, mode, base]);
  const lines = useMemo(() => layout.lines.filter((l) => !hidden.includes(l.key)), [layout, hidden]);
  if (!series.length) return <p className="empty">Add series to compare.</p>;
  const ownScale = mode === "level" ? layout.axisNames.slice(DRAWN_AXES) : [];
  return (
    <>
      <LineChart
        series={lines}
        axisNames={layout.axisNames}
        log={log && (mode === "level" || mode === "rebase")}
        label={`Comparison of ${series.length} series`}
        height={COMPARE_CHART_HEIGHT}
        filename="comparison"
        legend={false}
        placeholderSvg={hidden.length ? null : placeholderSvg}
      />
      <p className="small muted" data-testid="compare-axes">
        {mode === "level"
          ? layout.axisNames
              .slice(0, DRAWN_AXES)
              .map((name, i) => `${AXIS_NAMES[i]}: ${name}`)
              .join(" · ")
          : `One axis: ${layout.axisNames[0]}`}
        {ownScale.length > 0 &&
          ` · each on its own scale (no axis drawn): ${ownScale.join(", ")} — choose “Rebased” to read them together`}
        . Solid: finals · dashed: forecasts.
      </p>
      <ul className="compare-legend" aria-label="Series in this comparison">
        {series.map((s, i) => {
          const key = seriesKey(s);
          const axis = layout.axisOf.get(key) ?? 0;
          const shown = !hidden.includes(key);
          return (
            <li key={key} className="row">
              <input
                type="checkbox"
                checked={shown}
                aria-label={`Show ${s.code}`}
                onChange={() => setHidden((h) => (shown ? [...h, key] : h.filter((k) => k !== key)))}
              />
              <span
                aria-hidden="true"
                className="swatch"
                style={{ background: COMPARE_COLOURS[i % COMPARE_COLOURS.length] }}
              />
              <Link href={`/series/${s.service}/${s.code}`}>
                <span className="mono">{s.code}</span> {s.assessment}
              </Link>
              <span className="small muted">
                {unitLabel(s.currency, s.unit)}
                {mode === "level" && ` · ${AXIS_NAMES[axis] ?? "own scale"}`}
              </span>
              <Link href={removeHrefs[key] ?? "/compare"} aria-label={`Remove ${s.code}`}>
                Remove
              </Link>
            </li>
          );
        })}
      </ul>
    </>
  );
}
