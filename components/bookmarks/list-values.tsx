import Link from "next/link";
import type { ReactNode } from "react";
import "./list-values.css";
import { formatPercent, type LatestSummary } from "@/lib/domain/value-change";

// A bookmark list's series with their latest values and how each moved. Used by the home page and
// the bookmarks page (no hooks: renders on the server or inside a client component alike).

export type ListValueItem = {
  id: string;
  service: string;
  code: string;
  assessment: string;
  status: string;
  isNew: boolean;
  latest: LatestSummary | null;
};

/** The compare page's address for a list's series (it takes at most `max`). */
export function compareHref(items: { service: string; code: string }[], max = 10): string {
  return `/compare?${new URLSearchParams({
    s: items
      .slice(0, max)
      .map((i) => `${i.service}:${i.code}`)
      .join(","),
  })}`;
}

const number = (v: number) => v.toLocaleString("en", { maximumFractionDigits: 4 });

function Change({ latest }: { latest: LatestSummary }) {
  const c = latest.change;
  if (!c) return <span className="muted">—</span>;
  const title =
    c.basis === "visit"
      ? `since your last visit (${number(c.from)}${c.fromMonth ? ` for ${c.fromMonth}` : ""})`
      : "on the month before";
  const tone = c.delta > 0 ? "up" : c.delta < 0 ? "down" : "";
  return (
    <span className={`change ${tone}`}>
      {formatPercent(c.percent)} <span className="small muted">{title}</span>
    </span>
  );
}

export function ListValues({
  label,
  items,
  action,
}: {
  label: string;
  items: ListValueItem[];
  action?: (item: ListValueItem) => ReactNode;
}) {
  return (
    <div className="table-scroll">
      <table className="data" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Series</th>
            <th scope="col">Latest</th>
            <th scope="col">Change</th>
            {action && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {items.map((i) => (
            <tr key={i.id}>
              <td>
                <Link href={`/series/${i.service}/${i.code}`}>
                  <span className="mono">{i.code}</span> {i.assessment}
                </Link>{" "}
                {i.isNew && <span className="badge new">new since your last visit</span>}
                {i.status === "discontinued" && <span className="badge">discontinued</span>}
              </td>
              <td className="mono">
                {i.latest?.value != null ? (
                  <>
                    {number(i.latest.value)}{" "}
                    <span className="small muted">
                      {i.latest.currency} / {i.latest.unit} · {i.latest.month}
                    </span>
                  </>
                ) : (
                  <span className="muted">not loaded yet</span>
                )}
              </td>
              <td>{i.latest ? <Change latest={i.latest} /> : <span className="muted">—</span>}</td>
              {action && <td>{action(i)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
