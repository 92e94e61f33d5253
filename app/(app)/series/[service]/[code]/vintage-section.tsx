import { VintageOverlay } from "@/components/analyses/lazy-charts";
import { UrlSelect } from "@/components/series/url-select";
import { ExportLinks } from "@/components/ui/export-links";
import type { ServiceName } from "@/lib/domain/services";
import { seriesVintages, vintagePair } from "@/lib/services/vintages";

const day = (iso: string) => iso.slice(0, 10);
const time = (iso: string) => iso.slice(0, 19).replace("T", " ");

/** Every vintage of the series, two of them overlaid, and the revisions between those two. */
export async function VintageSection({
  service,
  code,
  a,
  b,
}: {
  service: ServiceName;
  code: string;
  a?: string;
  b?: string;
}) {
  const v = await seriesVintages({ service, code }, { a, b });
  const dates = v.vintages.map((x) => x.date);
  const options = [...dates].reverse().map((d) => ({ value: d, label: time(d) }));
  const cmp = v.comparison;
  const pair = cmp ? await vintagePair({ service, code }, cmp.a, cmp.b) : null;
  return (
    <section className="card stack" aria-labelledby="vintages-heading">
      <div className="page-head">
        <h2 id="vintages-heading">Vintages</h2>
        <div className="row">
          <ExportLinks query={new URLSearchParams({ kind: "vintages", service, code })} />
        </div>
      </div>
      <p className="small muted">
        {dates.length} publication(s) of this series are stored; nothing is overwritten. The download has one
        column per vintage.
      </p>
      {cmp && pair && dates.length > 0 && (
        <>
          <div className="row">
            <UrlSelect
              name="va"
              label="Older vintage"
              value={dates.includes(cmp.a) ? cmp.a : ""}
              options={options}
            />
            <UrlSelect
              name="vb"
              label="Newer vintage"
              value={dates.includes(cmp.b) ? cmp.b : ""}
              options={options}
            />
          </div>
          <VintageOverlay title={v.assessment} a={pair.a} b={pair.b} />
          <div style={{ maxHeight: 420, overflow: "auto" }}>
            <table className="data" aria-label="Revisions between the two vintages">
              <caption className="small">
                {cmp.revisions.length} month(s) differ between {day(cmp.a)} and {day(cmp.b)}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col" className="num">
                    Old
                  </th>
                  <th scope="col" className="num">
                    New
                  </th>
                  <th scope="col" className="num">
                    Change %
                  </th>
                </tr>
              </thead>
              <tbody>
                {cmp.revisions.map((r) => (
                  <tr key={r.month}>
                    <td className="mono">{r.month}</td>
                    <td className="mono num">{r.old?.toLocaleString() ?? "—"}</td>
                    <td className="mono num">{r.new?.toLocaleString() ?? "—"}</td>
                    <td className="mono num">{r.changePct === null ? "—" : r.changePct.toFixed(2)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <details>
        <summary>Every vintage and what it changed</summary>
        <table className="data" aria-label="Vintages">
          <thead>
            <tr>
              <th scope="col">Published</th>
              <th scope="col">Newest final</th>
              <th scope="col">New finals</th>
              <th scope="col">Revised months</th>
              <th scope="col" className="num">
                Forecast months
              </th>
            </tr>
          </thead>
          <tbody>
            {[...v.vintages].reverse().map((x) => (
              <tr key={x.date}>
                <td className="mono">{time(x.date)}</td>
                <td className="mono">{x.lastFinal ?? "—"}</td>
                <td className="mono small">
                  {x.newFinals.length > 3 ? `${x.newFinals.length} months` : x.newFinals.join(", ")}
                </td>
                <td className="mono small">{x.revised.join(", ") || "—"}</td>
                <td className="mono num">{x.forecasts}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
