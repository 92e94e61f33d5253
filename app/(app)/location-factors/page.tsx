import { cookies } from "next/headers";
import Link from "next/link";
import { FactorBars, FactorHeatmap, FactorTrend } from "@/components/analyses/lazy-charts";
import { RememberChoice } from "@/components/analyses/remember-choice";
import { UrlSelect } from "@/components/series/url-select";
import { ExportLinks } from "@/components/ui/export-links";
import { requireUser } from "@/lib/auth/session";
import { DEFAULT_BASE } from "@/lib/domain/location-factors";
import { AppError } from "@/lib/http/errors";
import {
  locationFactorMatrix,
  locationFactorsQuerySchema,
  locationFactorsRelative,
  locationFactorTrend,
} from "@/lib/services/location-factors";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const BASE_COOKIE = "atlas-lf-base";
const METHOD_LABEL = { base: "base", direct: "published", derived: "derived" } as const;

export default async function LocationFactorsPage({ searchParams }: Props) {
  await requireUser();
  const sp = await searchParams;
  const remembered = (await cookies()).get(BASE_COOKIE)?.value;
  const q = locationFactorsQuerySchema.safeParse({
    base: one(sp.base) || (remembered ? decodeURIComponent(remembered) : DEFAULT_BASE),
    month: one(sp.month) || undefined,
    asOf: one(sp.asOf) || undefined,
  });
  let problem = q.success ? null : (q.error.issues[0]?.message ?? "Invalid parameters");
  let data: Awaited<ReturnType<typeof locationFactorsRelative>> | null = null;
  if (q.success) {
    try {
      data = await locationFactorsRelative(q.data);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      problem = error.message;
    }
  }
  const pairs = [sp.pair ?? []].flat().filter(Boolean);
  const chosenPairs = pairs.length
    ? pairs
    : (data?.items.filter((i) => i.country !== data?.base).map((i) => i.country) ?? []).slice(0, 3);
  const [matrix, trend] = data
    ? await Promise.all([
        locationFactorMatrix(data.month, q.data?.asOf),
        locationFactorTrend(data.base, chosenPairs, q.data?.asOf),
      ])
    : [null, []];
  const months = data ? Array.from(new Set([data.month])) : [];
  return (
    <div className="stack">
      <div className="page-head">
        <div>
          <h1>Location factors</h1>
          <p className="small muted">
            What the same plant costs in each country relative to a base country (= 1.00), from the factors
            the vendor publishes against its reference countries: A→B = LF(B) / LF(A) through a common
            reference; a pair the vendor publishes itself is used as published.
          </p>
        </div>
        {data && (
          <div className="row">
            <ExportLinks
              query={
                new URLSearchParams({
                  kind: "location-factors",
                  base: data.base,
                  month: data.month,
                  ...(data.asOf ? { asOf: data.asOf } : {}),
                })
              }
            />
          </div>
        )}
      </div>
      {problem && (
        <div className="alert" role="alert">
          {problem}
        </div>
      )}
      {data && (
        <>
          <RememberChoice name={BASE_COOKIE} value={data.base} />
          <form method="get" className="row" aria-label="Location factor settings">
            <UrlSelect
              name="base"
              label="Base country"
              value={data.base}
              options={data.countries.map((c) => ({ value: c, label: c }))}
            />
            <div className="field">
              <label htmlFor="lf-month">Month</label>
              <input id="lf-month" name="month" type="month" defaultValue={data.month} />
            </div>
            <div className="field">
              <label htmlFor="lf-asof">As published on</label>
              <input id="lf-asof" name="asOf" type="date" defaultValue={data.asOf ?? ""} />
            </div>
            <input type="hidden" name="base" value={data.base} />
            <button className="button" type="submit">
              Show
            </button>
          </form>
          {data.unknownReference.length > 0 && (
            <p className="alert" role="note">
              {data.unknownReference.length} factor series name their reference country in wording Price Atlas
              does not recognise; the reference is unknown, so they are not used:{" "}
              {data.unknownReference.map((u) => `${u.code} (${u.country})`).join(", ")}.
            </p>
          )}
          <section className="card stack" aria-labelledby="ranking-heading">
            <h2 id="ranking-heading">
              Ranking relative to {data.base}, {data.month}
            </h2>
            <FactorBars base={data.base} items={data.items} />
          </section>
          <table className="data" aria-label={`Location factors relative to ${data.base}`}>
            <thead>
              <tr>
                <th scope="col">Country</th>
                <th scope="col">Factor</th>
                <th scope="col">How</th>
                <th scope="col">Month used</th>
                <th scope="col">Base month used</th>
                <th scope="col">Series</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((i) => (
                <tr key={i.country}>
                  <td>{i.country}</td>
                  <td className="mono num">{i.value.toFixed(3)}</td>
                  <td>
                    {METHOD_LABEL[i.method]}
                    {i.via ? ` via ${i.via}` : ""}
                  </td>
                  <td className="mono">{i.month ?? "—"}</td>
                  <td className="mono">{i.baseMonth ?? "—"}</td>
                  <td className="mono small">
                    {i.codes.map((c) => (
                      <Link key={c} href={`/series/industry_economics/${c}`} style={{ marginRight: 6 }}>
                        {c}
                      </Link>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.missing.length > 0 && (
            <p className="small muted">
              No factor on or before {data.month} links {data.base} with: {data.missing.join(", ")}.
            </p>
          )}
          {matrix && (
            <section className="card stack" aria-labelledby="matrix-heading">
              <h2 id="matrix-heading">Country × country, {matrix.month}</h2>
              <p className="small muted">Each cell: the column country's factor with the row country = 1.</p>
              <FactorHeatmap month={matrix.month} countries={matrix.countries} values={matrix.values} />
            </section>
          )}
          <section className="card stack" aria-labelledby="trend-heading">
            <h2 id="trend-heading">Pairs over time</h2>
            <form method="get" className="row" aria-label="Pairs over time">
              <input type="hidden" name="base" value={data.base} />
              {months.map((m) => (
                <input key={m} type="hidden" name="month" value={m} />
              ))}
              {data.asOf && <input type="hidden" name="asOf" value={data.asOf} />}
              <div className="field">
                <label htmlFor="lf-pairs">Countries against {data.base}</label>
                <select id="lf-pairs" name="pair" multiple size={6} defaultValue={chosenPairs}>
                  {data.countries
                    .filter((c) => c !== data.base)
                    .map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                </select>
              </div>
              <button className="button" type="submit">
                Show pairs
              </button>
            </form>
            <FactorTrend base={data.base} lines={trend} />
          </section>
        </>
      )}
    </div>
  );
}
