import Link from "next/link";
import { requireUser } from "@/lib/auth/session";
import { SERVICE_LABELS, SERVICES } from "@/lib/domain/services";
import { accuracyRanking, accuracyRankingQuerySchema } from "@/lib/services/vintages";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | undefined>> };
const pct = (v: number) => `${v.toFixed(2)} %`;
const PAGE_SIZE = 50;

export default async function ForecastAccuracyPage({ searchParams }: Props) {
  await requireUser();
  const sp = await searchParams;
  const q = accuracyRankingQuerySchema.safeParse({
    service: sp.service || undefined,
    commodity: sp.commodity || undefined,
    country: sp.country || undefined,
    horizon: sp.horizon || undefined,
  });
  const ranking = q.success ? await accuracyRanking(q.data) : null;
  const pages = ranking ? Math.max(1, Math.ceil(ranking.items.length / PAGE_SIZE)) : 1;
  const page = Math.min(pages, Math.max(1, Number.parseInt(sp.page ?? "1", 10) || 1));
  const pageHref = (n: number) =>
    `?${new URLSearchParams({ ...Object.fromEntries(Object.entries(sp).filter((e): e is [string, string] => Boolean(e[1]))), page: String(n) })}`;
  return (
    <div className="stack">
      <div className="page-head">
        <div>
          <h1>Forecast accuracy</h1>
          <p className="small muted">
            Series ranked by how far their past forecasts were from the finals that later arrived (mean
            absolute % error, smallest first), over every vintage stored. Bias: mean signed error, positive
            when forecasts ran high.
          </p>
        </div>
      </div>
      <form method="get" className="row" aria-label="Filter the ranking">
        <div className="field">
          <label htmlFor="fa-service">Service</label>
          <select id="fa-service" name="service" defaultValue={sp.service ?? ""}>
            <option value="">Both</option>
            {SERVICES.map((s) => (
              <option key={s} value={s}>
                {SERVICE_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="fa-commodity">Commodity</label>
          <input id="fa-commodity" name="commodity" defaultValue={sp.commodity ?? ""} />
        </div>
        <div className="field">
          <label htmlFor="fa-country">Country</label>
          <input id="fa-country" name="country" defaultValue={sp.country ?? ""} />
        </div>
        <div className="field">
          <label htmlFor="fa-horizon">Months ahead</label>
          <input
            id="fa-horizon"
            name="horizon"
            type="number"
            min="1"
            max="60"
            defaultValue={sp.horizon ?? ""}
          />
        </div>
        <button className="button" type="submit">
          Rank
        </button>
      </form>
      {!q.success && (
        <div className="alert" role="alert">
          {q.error.issues[0]?.message}
        </div>
      )}
      {ranking && ranking.items.length === 0 && (
        <p className="empty">
          {ranking.series === 0
            ? "No series with forecasts matches."
            : `${ranking.series} series have forecasts, but none has met its finals yet: scores appear once later releases bring the months forecast.`}
        </p>
      )}
      {ranking && ranking.items.length > 0 && (
        <table className="data" aria-label="Series ranked by forecast error">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Series</th>
              <th scope="col">Country</th>
              <th scope="col">Commodity</th>
              <th scope="col" className="num">
                Vintages
              </th>
              <th scope="col" className="num">
                Mean absolute error
              </th>
              <th scope="col" className="num">
                Bias
              </th>
              <th scope="col" className="num">
                Scored
              </th>
            </tr>
          </thead>
          <tbody>
            {ranking.items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((i, n) => (
              <tr key={`${i.service}:${i.code}`}>
                <td className="mono">{(page - 1) * PAGE_SIZE + n + 1}</td>
                <td>
                  <Link href={`/series/${i.service}/${i.code}?analysis=forecasts`}>
                    <span className="mono">{i.code}</span> {i.assessment}
                  </Link>
                </td>
                <td>{i.country}</td>
                <td>{i.commodity}</td>
                <td className="mono num">{i.vintages}</td>
                <td className="mono num">{pct(i.mape)}</td>
                <td className="mono num">{pct(i.bias)}</td>
                <td className="mono num">{i.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {ranking && pages > 1 && (
        <nav className="row" aria-label="Ranking pages">
          {page > 1 && <Link href={pageHref(page - 1)}>← Previous</Link>}
          <span className="small">
            Page {page} of {pages} ({ranking.items.length} series)
          </span>
          {page < pages && <Link href={pageHref(page + 1)}>Next →</Link>}
        </nav>
      )}
    </div>
  );
}
