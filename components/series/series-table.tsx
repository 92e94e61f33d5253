"use client";

import { useMemo } from "react";
import { useProgressiveCount } from "@/components/ui/use-progressive-count";
import { formatMonth, formatValue, seriesDecimals, unitLabel } from "@/lib/domain/format";
import { applyTransform, type Point, TRANSFORM_LABELS, type Transform } from "@/lib/domain/transforms";
import type { SeriesView } from "@/lib/services/series";

const every = (s: SeriesView): Point[] => [...s.finals, ...s.forecasts];

/** The values as the chart shows them: levels, or the chosen transform (a month it cannot compute is left out). */
function shown(s: SeriesView, transform: Transform, base?: string): Map<string, number> {
  const all = every(s);
  return new Map(applyTransform(all, transform, all, base).map((p) => [p.date, p.value]));
}

/** Rows rendered first when the values change: more than the scroll box shows. */
const FIRST_ROWS = 24;

function valueRows(data: SeriesView, current: SeriesView | null, transform: Transform, base?: string) {
  const values = shown(data, transform, base);
  const now = current ? shown(current, transform, base) : new Map<string, number>();
  const forecastDates = new Set(data.forecasts.map((p) => p.date));
  const rows = every(data)
    .filter((p) => values.has(p.date))
    .map((p) => ({
      date: p.date,
      value: values.get(p.date) as number,
      kind: forecastDates.has(p.date)
        ? "forecast"
        : "preliminary" in p && p.preliminary
          ? "preliminary"
          : "final",
    }))
    .sort((a, b) => b.date.localeCompare(a.date));
  // Levels keep the data's own precision; a transform's results are rounded to two decimals.
  const decimals = transform === "level" ? seriesDecimals(every(data).map((p) => p.value)) : 2;
  return { rows, now, decimals };
}

/**
 * The values beside the chart, newest first, under the page's transform (so the table and the CSV
 * say the same); with an as-of vintage, today's value beside each and the differing ones marked.
 */
export function SeriesTable({
  data,
  current,
  transform = "level",
  base,
}: {
  data: SeriesView;
  current: SeriesView | null;
  transform?: Transform;
  base?: string;
}) {
  // Drawn in the browser from the data the chart already has (the page sends it once).
  const { rows, now, decimals } = useMemo(
    () => valueRows(data, current, transform, base),
    [data, current, transform, base],
  );
  // New values: the rows the box shows at once, the rest a frame later.
  const count = useProgressiveCount(rows, FIRST_ROWS);
  const changed = current ? rows.filter((r) => now.has(r.date) && now.get(r.date) !== r.value).length : 0;
  const heading =
    transform === "level" ? unitLabel(data.currency, data.unit) : `${TRANSFORM_LABELS[transform]}`;
  return (
    <section className="card" aria-labelledby="values-heading">
      <h2 id="values-heading">
        Values ({heading}){data.asOf ? ` as of ${data.asOf}` : ""}
      </h2>
      {current && (
        <p className="small">
          {changed} value(s) differ from today’s data{changed ? " (highlighted)" : ""}.
        </p>
      )}
      {rows.length === 0 ? (
        <p className="empty">No month of this range can be shown as {TRANSFORM_LABELS[transform]}.</p>
      ) : (
        <div className="table-scroll" style={{ maxHeight: 420 }}>
          <table className="data" aria-label={`Values, ${heading}`}>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col" className="num">
                  {transform === "level" ? "Value" : TRANSFORM_LABELS[transform]}
                </th>
                <th scope="col">Kind</th>
                {current && (
                  <th scope="col" className="num">
                    Today
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {rows.slice(0, count).map((r) => {
                const today = now.get(r.date);
                const differs = current && today !== undefined && today !== r.value;
                return (
                  <tr key={r.date} className={differs ? "changed" : undefined}>
                    <td>
                      <time dateTime={r.date.slice(0, 7)}>{formatMonth(r.date)}</time>
                    </td>
                    <td className="mono num">{formatValue(r.value, decimals)}</td>
                    <td>{r.kind}</td>
                    {current && (
                      <td className="mono num">{today === undefined ? "—" : formatValue(today, decimals)}</td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
