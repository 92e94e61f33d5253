import type { Metadata } from "next";
import Link from "next/link";
import { lineChartSvg } from "@/components/charts/chart-svg";
import { AddSeriesForm } from "@/components/compare/add-series-form";
import { CompareChart } from "@/components/compare/compare-chart";
import { COMPARE_CHART_HEIGHT, compareChartSpec, seriesKey } from "@/components/compare/compare-lines";
import { UrlSelect } from "@/components/series/url-select";
import { ExportLinks } from "@/components/ui/export-links";
import { requireUser } from "@/lib/auth/session";
import { formatMonth } from "@/lib/domain/format";
import { commonBaseMonth, TRANSFORM_LABELS, TRANSFORMS, type Transform } from "@/lib/domain/transforms";
import { MAX_COMPARE, readComparison, splitCompareRefs } from "@/lib/services/compare";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Compare" };

type Props = { searchParams: Promise<Record<string, string | undefined>> };

/** The comparison as the server draws it, shown until the interactive chart is drawn. */
function compareSvg(...args: Parameters<typeof compareChartSpec>) {
  return args[0].length ? lineChartSvg(compareChartSpec(...args), COMPARE_CHART_HEIGHT) : null;
}

export default async function ComparePage({ searchParams }: Props) {
  const user = await requireUser();
  const sp = await searchParams;
  const { refs, invalid } = splitCompareRefs(sp.s ?? "");
  const result = await readComparison(user, refs);
  const mode: Transform = TRANSFORMS.includes(sp.mode as Transform) ? (sp.mode as Transform) : "level";
  const log = sp.scale === "log";
  const entries = [...refs.map((r) => r.entry), ...invalid];
  /** This address without one entry of `s`. */
  const without = (entry: string) => {
    const rest = entries.filter((e) => e !== entry);
    const next = new URLSearchParams({ ...(sp as Record<string, string>), s: rest.join(",") });
    if (!rest.length) next.delete("s");
    return `/compare?${next}`;
  };
  const removeHrefs = Object.fromEntries(refs.map((r) => [seriesKey(r), without(r.entry)]));
  const problems = [
    ...invalid.map((entry) => ({
      entry,
      message: `“${entry}” is not a series this comparison can hold (service:code, at most ${MAX_COMPARE}).`,
    })),
    ...result.problems.map((p) => ({ entry: p.entry, message: `${p.code}: ${p.message}` })),
  ];
  const months = [...new Set(result.series.flatMap((s) => s.finals.map((p) => p.date.slice(0, 7))))].sort();
  const base = sp.base && months.includes(sp.base) ? sp.base : commonBaseMonth(result.series);
  const exportQuery = new URLSearchParams({
    kind: "compare",
    s: refs.map((r) => r.entry).join(","),
    mode,
    ...(mode === "rebase" && base ? { base } : {}),
  });
  return (
    <div className="stack">
      <div className="page-head">
        <h1>Compare</h1>
        {result.series.length > 0 && (
          <div className="row">
            <ExportLinks query={exportQuery} />
          </div>
        )}
      </div>
      <p className="muted small">
        Overlay up to {MAX_COMPARE} series. Each currency or unit gets its own scale (two are drawn as axes);
        or rebase all to 100 at a month. The address can be shared.
      </p>
      <AddSeriesForm max={MAX_COMPARE} />
      {problems.map((p) => (
        <div key={p.entry} className="alert row" role="alert">
          <span>{p.message}</span>
          <Link href={without(p.entry)} aria-label={`Remove ${p.entry}`}>
            Remove
          </Link>
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
            {mode === "rebase" && (
              <UrlSelect
                name="base"
                label="Base month"
                value={base ?? ""}
                options={months.map((m) => ({ value: m, label: formatMonth(m) }))}
              />
            )}
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
          <div className="card stack">
            <CompareChart
              series={result.series}
              mode={mode}
              base={base}
              log={log}
              removeHrefs={removeHrefs}
              placeholderSvg={compareSvg(result.series, mode, base, log)}
            />
          </div>
        </>
      ) : (
        <p className="empty">
          Nothing to compare yet: search for a series above, or tick series in the{" "}
          <Link href="/catalogue">catalogue</Link> and choose “Compare selected”.
        </p>
      )}
    </div>
  );
}
