import Link from "next/link";
import { ExportLinks } from "@/components/ui/export-links";
import { requireUser } from "@/lib/auth/session";
import { AppError } from "@/lib/http/errors";
import { costIndices, estimateQuerySchema, runEstimate } from "@/lib/services/estimate";
import { factorCountries } from "@/lib/services/location-factors";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | undefined>> };
const FIELDS = ["amount", "currency", "month", "country", "targetMonth", "targetCountry", "index"] as const;
const fmt = (v: number, digits = 2) => v.toLocaleString("en-US", { maximumFractionDigits: digits });

export default async function ToolsPage({ searchParams }: Props) {
  await requireUser();
  const sp = await searchParams;
  const [indices, lfCountries] = await Promise.all([costIndices(), factorCountries()]);
  const indexCountries = [...new Set(indices.map((i) => i.coverage))].sort();
  const targets = [...new Set([...indexCountries, ...lfCountries])].sort();
  const asked = FIELDS.some((f) => sp[f]);
  const raw = Object.fromEntries(FIELDS.map((f) => [f, sp[f] || undefined]));
  const parsed = asked ? estimateQuerySchema.safeParse(raw) : null;
  let problem =
    parsed && !parsed.success
      ? parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")
      : null;
  let result: Awaited<ReturnType<typeof runEstimate>> | null = null;
  if (parsed?.success) {
    try {
      result = await runEstimate(parsed.data);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      problem = error.message;
    }
  }
  const exportQuery = new URLSearchParams({
    kind: "estimate",
    ...Object.fromEntries(FIELDS.filter((f) => sp[f]).map((f) => [f, sp[f] as string])),
  });
  return (
    <div className="stack">
      <div className="page-head">
        <h1>Tools</h1>
      </div>
      <section className="card stack" aria-labelledby="estimate-heading">
        <h2 id="estimate-heading">Escalation and relocation</h2>
        <p className="small muted">
          Escalate a plant cost estimate with the source country’s construction cost index (index at the
          target month / index at the estimate’s month; forecast months can be used for future dates) and move
          it to another country with the location factor at the target month. The address of the result can be
          shared.
        </p>
        {indices.length === 0 ? (
          <p className="empty">No cost indices are stored yet: they arrive with the first sync.</p>
        ) : (
          <form method="get" className="row" aria-label="Estimate">
            <div className="field">
              <label htmlFor="amount">Amount</label>
              <input
                id="amount"
                name="amount"
                type="number"
                min="0"
                step="any"
                defaultValue={sp.amount ?? ""}
                required
              />
            </div>
            <div className="field">
              <label htmlFor="currency">Currency</label>
              <input
                id="currency"
                name="currency"
                size={4}
                maxLength={3}
                defaultValue={sp.currency ?? "USD"}
                required
              />
            </div>
            <div className="field">
              <label htmlFor="month">Estimate month</label>
              <input id="month" name="month" type="month" defaultValue={sp.month ?? ""} required />
            </div>
            <div className="field">
              <label htmlFor="country">Estimate country</label>
              <select id="country" name="country" defaultValue={sp.country ?? "United States"} required>
                {indexCountries.map((c) => (
                  <option key={c}>{c}</option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="targetMonth">Target month</label>
              <input
                id="targetMonth"
                name="targetMonth"
                type="month"
                defaultValue={sp.targetMonth ?? ""}
                required
              />
            </div>
            <div className="field">
              <label htmlFor="targetCountry">Target country</label>
              <select
                id="targetCountry"
                name="targetCountry"
                defaultValue={sp.targetCountry ?? "United States"}
                required
              >
                {targets.map((c) => (
                  <option key={c}>{c}</option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="index">Cost index</label>
              <select id="index" name="index" defaultValue={sp.index ?? ""}>
                <option value="">The country’s overall index</option>
                {indices.map((i) => (
                  <option key={i.code} value={i.code}>
                    {i.coverage} — {i.specification} ({i.code}
                    {i.status === "active" ? "" : `, ${i.status}`})
                  </option>
                ))}
              </select>
            </div>
            <button className="button primary" type="submit">
              Calculate
            </button>
          </form>
        )}
        {problem && (
          <div className="alert" role="alert">
            {problem}
          </div>
        )}
        {result && (
          <>
            <table className="data" aria-label="Calculation steps">
              <thead>
                <tr>
                  <th scope="col">Step</th>
                  <th scope="col">Series</th>
                  <th scope="col">From</th>
                  <th scope="col">To</th>
                  <th scope="col">Ratio / factor</th>
                  <th scope="col">Amount ({result.input.currency})</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <td>Estimate</td>
                  <td />
                  <td>
                    {result.input.country}, {result.input.month}
                  </td>
                  <td />
                  <td />
                  <td className="mono num">{fmt(result.input.amount)}</td>
                </tr>
                {result.steps.map((s) =>
                  s.step === "escalate" ? (
                    <tr key="escalate">
                      <td>Escalate ({s.specification})</td>
                      <td className="mono small">
                        {s.codes.map((c) => (
                          <Link key={c} href={`/series/industry_economics/${c}`} style={{ marginRight: 6 }}>
                            {c}
                          </Link>
                        ))}
                      </td>
                      <td className="mono">
                        {s.from.month}: {fmt(s.from.value, 4)}
                        {s.from.forecast ? " (forecast)" : ""}
                      </td>
                      <td className="mono">
                        {s.to.month}: {fmt(s.to.value, 4)}
                        {s.to.forecast ? " (forecast)" : ""}
                      </td>
                      <td className="mono num">× {fmt(s.ratio, 6)}</td>
                      <td className="mono num">{fmt(s.amount)}</td>
                    </tr>
                  ) : (
                    <tr key="relocate">
                      <td>
                        Relocate {s.from} → {s.to}
                      </td>
                      <td className="mono small">
                        {s.codes.map((c) => (
                          <Link key={c} href={`/series/industry_economics/${c}`} style={{ marginRight: 6 }}>
                            {c}
                          </Link>
                        ))}
                      </td>
                      <td className="mono">{s.baseFactorMonth ?? "—"}</td>
                      <td className="mono">{s.factorMonth ?? "—"}</td>
                      <td className="mono num">
                        × {fmt(s.factor, 6)} ({s.method === "direct" ? "published" : `derived via ${s.via}`})
                      </td>
                      <td className="mono num">{fmt(s.amount)}</td>
                    </tr>
                  ),
                )}
              </tbody>
            </table>
            {result.steps.some((s) => s.step === "escalate" && s.splices.length > 0) && (
              <p className="small muted">
                The index was discontinued and replaced: the older series is scaled onto its replacement at
                their last common month.
              </p>
            )}
            <p role="status">
              {fmt(result.input.amount)} {result.input.currency} in {result.input.country} at{" "}
              {result.input.month} is{" "}
              <strong>
                {fmt(result.results[0]?.amount ?? 0)} {result.input.currency}
              </strong>{" "}
              in {result.input.targetCountry} at {result.input.targetMonth}
              {result.forecast ? " (uses a forecast month)" : ""}.
            </p>
            {result.results.length > 1 ? (
              <ul className="small" aria-label="In other currencies">
                {result.results.slice(1).map((r) => (
                  <li key={r.currency}>
                    <strong>
                      {fmt(r.amount)} {r.currency}
                    </strong>{" "}
                    at {fmt(r.rate ?? 0, 6)} {r.currency} per {result.input.currency}, the rate implied by{" "}
                    <Link href={`/series/${r.service}/${r.code}`}>{r.code}</Link> stored in both currencies (
                    {r.month})
                  </li>
                ))}
              </ul>
            ) : (
              <p className="small muted">
                Cost indices and location factors carry no currency, so the result is in the currency of the
                amount. Other currencies appear when a series is stored in both currencies (a rendering
                someone asked for), which gives the exchange rate.
              </p>
            )}
            <div className="row">
              <ExportLinks query={exportQuery} />
              <a
                className="button"
                href={`/api/v1/tools/estimate?${exportQuery.toString().replace("kind=estimate&", "")}`}
              >
                JSON
              </a>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
