import type { SeriesView } from "@/lib/services/series";

/** The values beside the chart, newest first; with an as-of vintage, the difference to today. */
export function SeriesTable({ data, current }: { data: SeriesView; current: SeriesView | null }) {
  const now = new Map(
    [...(current?.finals ?? []), ...(current?.forecasts ?? [])].map((p) => [p.date, p.value]),
  );
  const rows = [
    ...data.forecasts.map((p) => ({ ...p, kind: "forecast" })),
    ...data.finals.map((p) => ({
      ...p,
      kind: "preliminary" in p && p.preliminary ? "preliminary" : "final",
    })),
  ].sort((a, b) => b.date.localeCompare(a.date));
  const changed = current ? rows.filter((r) => now.has(r.date) && now.get(r.date) !== r.value).length : 0;
  return (
    <section className="card" aria-labelledby="values-heading">
      <h2 id="values-heading">
        Values ({data.currency} / {data.unit}){data.asOf ? ` as of ${data.asOf}` : ""}
      </h2>
      {current && (
        <p className="small">
          {changed} value(s) differ from today’s data{changed ? " (highlighted)" : ""}.
        </p>
      )}
      <div style={{ maxHeight: 420, overflow: "auto" }}>
        <table className="data">
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col" className="num">
                Value
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
            {rows.map((r) => {
              const today = now.get(r.date);
              const differs = current && today !== undefined && today !== r.value;
              return (
                <tr key={r.date} className={differs ? "changed" : undefined}>
                  <td className="mono">{r.date.slice(0, 7)}</td>
                  <td className="mono num">{r.value.toLocaleString()}</td>
                  <td>{r.kind}</td>
                  {current && <td className="mono num">{today?.toLocaleString() ?? "—"}</td>}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
