import Link from "next/link";
import { AddSeriesForm } from "@/components/compare/add-series-form";
import { CompareChart } from "@/components/compare/compare-chart";
import { UrlSelect } from "@/components/series/url-select";
import { ExportLinks } from "@/components/ui/export-links";
import { requireUser } from "@/lib/auth/session";
import { TRANSFORM_LABELS, TRANSFORMS, type Transform } from "@/lib/domain/transforms";
import { compareRefsSchema, MAX_COMPARE, readComparison } from "@/lib/services/compare";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | undefined>> };

export default async function ComparePage({ searchParams }: Props) {
  const user = await requireUser();
  const sp = await searchParams;
  const refs = sp.s ? compareRefsSchema.safeParse(sp.s) : null;
  const result = refs?.success ? await readComparison(user, refs.data) : { series: [], problems: [] };
  const mode: Transform = TRANSFORMS.includes(sp.mode as Transform) ? (sp.mode as Transform) : "level";
  const log = sp.scale === "log";
  const remove = (code: string) => {
    const rest = (sp.s ?? "").split(",").filter((r) => !r.endsWith(`:${code}`));
    return `/compare?${new URLSearchParams({ ...(rest.length ? { s: rest.join(",") } : {}), mode, ...(log ? { scale: "log" } : {}) })}`;
  };
  return (
    <div className="stack">
      <div className="page-head">
        <h1>Compare</h1>
        {result.series.length > 0 && (
          <div className="row">
            <ExportLinks query={new URLSearchParams({ kind: "compare", s: sp.s ?? "" })} />
          </div>
        )}
      </div>
      <p className="muted small">
        Overlay up to {MAX_COMPARE} series. Different currencies or units get a second axis; or rebase all to
        100. Click a legend entry to hide a line. The address can be shared.
      </p>
      <AddSeriesForm />
      {refs && !refs.success && (
        <div className="alert" role="alert">
          {refs.error.issues[0]?.message}
        </div>
      )}
      {result.problems.map((p) => (
        <div key={p.code} className="alert" role="alert">
          {p.code}: {p.message}
        </div>
      ))}
      {result.series.length > 0 ? (
        <>
          <div className="row">
            <UrlSelect
              name="mode"
              label="Transform"
              value={mode}
              options={TRANSFORMS.map((t) => ({
                value: t,
                label: t === "level" ? "Levels (own units)" : TRANSFORM_LABELS[t],
              }))}
            />
            <UrlSelect
              name="scale"
              label="Scale"
              value={log ? "log" : ""}
              options={[
                { value: "", label: "Linear" },
                { value: "log", label: "Logarithmic" },
              ]}
            />
          </div>
          <div className="card">
            <CompareChart series={result.series} mode={mode} base={sp.base} log={log} />
          </div>
          <ul className="stack" aria-label="Series in this comparison">
            {result.series.map((s) => (
              <li key={`${s.service}:${s.code}`} className="row">
                <Link href={`/series/${s.service}/${s.code}`}>
                  <span className="mono">{s.code}</span> {s.assessment}
                </Link>
                <span className="small muted">
                  {s.currency} / {s.unit}
                </span>
                <Link href={remove(s.code)} aria-label={`Remove ${s.code}`}>
                  Remove
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="empty">
          Nothing to compare yet: add a code above, or tick series in the{" "}
          <Link href="/catalogue">catalogue</Link> and choose “Compare selected”.
        </p>
      )}
    </div>
  );
}
