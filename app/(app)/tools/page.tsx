import Link from "next/link";
import { requireUser } from "@/lib/auth/session";
import { escalationTool } from "@/lib/services/escalation";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | undefined>> };

export default async function ToolsPage({ searchParams }: Props) {
  const user = await requireUser();
  const sp = await searchParams;
  const tool = await escalationTool(user, sp);
  return (
    <div className="stack">
      <div className="page-head">
        <h1>Tools</h1>
      </div>
      <section className="card stack" aria-labelledby="escalation-heading">
        <h2 id="escalation-heading">Plant cost escalation</h2>
        <p className="small muted">
          Escalate a plant cost from one month to another with a country’s plant construction cost index.
        </p>
        {tool.indices.length === 0 ? (
          <p className="empty">No cost indices are stored yet: they arrive with the first sync.</p>
        ) : (
          <form method="get" className="row" aria-label="Escalate a cost">
            <div className="field">
              <label htmlFor="code">Cost index</label>
              <select id="code" name="code" defaultValue={sp.code ?? ""} required>
                <option value="">Choose…</option>
                {tool.indices.map((i) => (
                  <option key={i.code} value={i.code}>
                    {i.coverage} — {i.specification}
                  </option>
                ))}
              </select>
            </div>
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
              <label htmlFor="from">From month</label>
              <input id="from" name="from" type="month" defaultValue={sp.from ?? ""} required />
            </div>
            <div className="field">
              <label htmlFor="to">To month</label>
              <input id="to" name="to" type="month" defaultValue={sp.to ?? ""} required />
            </div>
            <button className="button primary" type="submit">
              Escalate
            </button>
          </form>
        )}
        {tool.error && (
          <div className="alert" role="alert">
            {tool.error}
            {tool.months.length > 0 && ` The index covers ${tool.months[0]} to ${tool.months.at(-1)}.`}
          </div>
        )}
        {tool.result && (
          <p role="status">
            {tool.result.amount.toLocaleString()} at {tool.result.from} is{" "}
            <strong>{tool.result.value.toLocaleString()}</strong> at {tool.result.to}
            {tool.result.forecast ? " (a forecast month)" : ""}, by the{" "}
            <Link href={`/series/industry_economics/${tool.result.index.code}`}>
              {tool.result.index.assessment}
            </Link>
            .
          </p>
        )}
      </section>
    </div>
  );
}
