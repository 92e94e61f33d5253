import { ForecastFan } from "@/components/analyses/lazy-charts";
import { ExportLinks } from "@/components/ui/export-links";
import type { ServiceName } from "@/lib/domain/services";
import { seriesForecastAccuracy } from "@/lib/services/vintages";

const pct = (v: number) => `${v.toFixed(2)} %`;

/** Past forecasts fanned over the finals, and their error by horizon. */
export async function ForecastSection({ service, code }: { service: ServiceName; code: string }) {
  const a = await seriesForecastAccuracy({ service, code });
  return (
    <section className="card stack" aria-labelledby="forecasts-heading">
      <div className="page-head">
        <h2 id="forecasts-heading">Past forecasts against the finals</h2>
        <div className="row">
          <ExportLinks query={new URLSearchParams({ kind: "forecast-accuracy", service, code })} />
        </div>
      </div>
      {a.vintages.length === 0 ? (
        <p className="empty">No forecasts are stored for this series.</p>
      ) : (
        <>
          <ForecastFan title={a.assessment} finals={a.finals} vintages={a.vintages.slice(-24)} />
          <p className="small muted">
            Solid: the finals as published today · dashed: the forecasts of each of {a.vintages.length}{" "}
            vintage(s). Error = (forecast − final) / final; bias is its mean, so a positive bias means the
            forecasts ran high.
          </p>
          {a.byHorizon.length === 0 ? (
            <p className="empty">
              None of these forecasts has met its final yet: errors appear after the next releases.
            </p>
          ) : (
            <table className="data" aria-label="Forecast error by horizon">
              <thead>
                <tr>
                  <th scope="col">Months ahead</th>
                  <th scope="col" className="num">
                    Mean absolute error
                  </th>
                  <th scope="col" className="num">
                    Bias
                  </th>
                  <th scope="col" className="num">
                    Forecasts scored
                  </th>
                </tr>
              </thead>
              <tbody>
                {a.byHorizon.map((h) => (
                  <tr key={h.horizon}>
                    <td className="mono">{h.horizon}</td>
                    <td className="mono num">{pct(h.mape)}</td>
                    <td className="mono num">{pct(h.bias)}</td>
                    <td className="mono num">{h.count}</td>
                  </tr>
                ))}
                {a.overall && (
                  <tr>
                    <th scope="row">All</th>
                    <td className="mono num">{pct(a.overall.mape)}</td>
                    <td className="mono num">{pct(a.overall.bias)}</td>
                    <td className="mono num">{a.overall.count}</td>
                  </tr>
                )}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
