import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { notFound } from "next/navigation";
import { BookmarkButton } from "@/components/bookmarks/bookmark-button";
import { lineChartSvg } from "@/components/charts/chart-svg";
import { RangePresets } from "@/components/series/range-presets";
import { SeriesChart } from "@/components/series/series-chart";
import { SeriesInfo } from "@/components/series/series-info";
import { seriesChartSpec } from "@/components/series/series-lines";
import { SeriesTable } from "@/components/series/series-table";
import { UrlInput } from "@/components/series/url-input";
import { UrlSelect } from "@/components/series/url-select";
import { ExportLinks } from "@/components/ui/export-links";
import { isAdmin } from "@/lib/auth/permissions";
import { requireUser } from "@/lib/auth/session";
import { presetFrom, readRangePreset } from "@/lib/domain/date-range";
import { formatMonth, unitLabel } from "@/lib/domain/format";
import { TRANSFORM_LABELS, TRANSFORMS, type Transform } from "@/lib/domain/transforms";
import { AppError } from "@/lib/http/errors";
import { isInPageReload } from "@/lib/http/in-page-reload";
import { bookmarkTargets } from "@/lib/services/bookmarks";
import {
  readSeries,
  type SeriesView,
  seriesDetails,
  seriesParamsSchema,
  seriesQuerySchema,
  seriesTitle,
} from "@/lib/services/series";
import { vintagesQuerySchema } from "@/lib/services/vintages";
import { ForecastSection } from "./forecast-section";
import { VintageSection } from "./vintage-section";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ service: string; code: string }>;
  searchParams: Promise<Record<string, string | undefined>>;
};

/** The tab names the series: its code and assessment. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await requireUser();
  const p = seriesParamsSchema.safeParse(await params);
  return { title: (p.success && (await seriesTitle(p.data))) || "Series" };
}

export default async function SeriesPage({ params, searchParams }: Props) {
  const user = await requireUser();
  const p = seriesParamsSchema.safeParse(await params);
  if (!p.success) notFound();
  const sp = await searchParams;
  const details = await seriesDetails(user, p.data);
  if (!details) notFound();
  const a = details.assessment;
  // A typed From/To wins over a preset; without either, every month is shown.
  const preset = sp.from || sp.to ? null : readRangePreset(sp.range);
  const from = sp.from || presetFrom(preset, a.lastAvailableFinal?.toISOString());
  const q = seriesQuerySchema.safeParse({
    currency: sp.currency,
    unit: sp.unit,
    asOf: sp.asOf || undefined,
    from: from || undefined,
    to: sp.to || undefined,
  });
  const log = sp.scale === "log";
  const analysis = sp.analysis === "forecasts" || sp.analysis === "vintages" ? sp.analysis : "";
  const pick = vintagesQuerySchema.safeParse({ a: sp.va || undefined, b: sp.vb || undefined });
  const transform: Transform = TRANSFORMS.includes(sp.transform as Transform)
    ? (sp.transform as Transform)
    : "level";
  let data: SeriesView | null = null;
  let current: SeriesView | null = null;
  let problem: string | null = q.success ? null : (q.error.issues[0]?.message ?? "Invalid parameters");
  if (q.success) {
    try {
      data = await readSeries(user, p.data, q.data);
      if (q.data.asOf) current = await readSeries(user, p.data, { ...q.data, asOf: undefined });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      problem = error.message;
    }
  }
  const lists = await bookmarkTargets(user);
  // The page's own controls reload it: the chart on screen redraws itself, no server drawing needed.
  const inPlace = isInPageReload(await headers(), `/series/${a.service}/${a.code}`);
  const exportQuery = new URLSearchParams({
    kind: "series",
    service: a.service,
    code: a.code,
    ...(data ? { currency: data.currency, unit: data.unit } : {}),
    transform,
    ...(sp.base ? { base: sp.base } : {}),
    ...(q.success && from ? { from } : {}),
    ...(q.success && sp.asOf ? { asOf: sp.asOf } : {}),
    ...(q.success && sp.to ? { to: sp.to } : {}),
  });
  const months = data ? [...data.finals, ...data.forecasts].map((x) => x.date.slice(0, 7)) : [];
  return (
    <div className="stack">
      <div className="page-head">
        <div>
          <p className="small muted mono">
            {a.service} · {a.code}
          </p>
          <h1>{a.assessment}</h1>
          <p className="small muted">
            Updated {a.upstreamUpdatedAt?.toISOString().slice(0, 10) ?? "—"} · next release{" "}
            {details.nextRelease.slice(0, 10)}
            {details.lastVisit ? ` · your last visit ${details.lastVisit.toISOString().slice(0, 10)}` : ""}
          </p>
        </div>
        <div className="row">
          <BookmarkButton service={a.service} code={a.code} lists={lists} />
          <ExportLinks query={exportQuery} />
          <Link className="button" href={`/compare?s=${a.service}:${a.code}`}>
            Compare…
          </Link>
        </div>
      </div>
      {a.status === "discontinued" && (
        <div className="alert" role="alert">
          This series is discontinued.{" "}
          {a.replacedBy ? (
            <>
              It is replaced by{" "}
              <Link href={`/series/${a.replacedBy.service}/${a.replacedBy.code}`}>
                {a.replacedBy.code} — {a.replacedBy.assessment}
              </Link>
              .
            </>
          ) : (
            "The vendor names no replacement."
          )}
        </div>
      )}
      {a.replaces.length > 0 && (
        <p className="small">
          Replaces{" "}
          {a.replaces.map((r, i) => (
            <span key={r.code}>
              {i > 0 && ", "}
              <Link href={`/series/${r.service}/${r.code}`}>
                {r.code} — {r.assessment}
              </Link>
            </span>
          ))}
          , discontinued: its history stays available there.
        </p>
      )}
      <fieldset className="row">
        <legend className="visually-hidden">Chart settings</legend>
        {details.conversion && (
          <>
            <UrlSelect
              name="currency"
              label="Currency"
              value={data?.currency ?? a.defaultCurrency}
              options={[...new Set([a.defaultCurrency, ...a.availableCurrencies])].map((c) => ({
                value: c,
                label: c,
              }))}
            />
            <UrlSelect
              name="unit"
              label="Unit"
              value={data?.unit ?? a.defaultUnit}
              options={[...new Set([a.defaultUnit, ...a.availableUnits])].map((u) => ({
                value: u,
                label: u,
              }))}
            />
          </>
        )}
        <UrlSelect
          name="transform"
          label="Transform"
          value={transform}
          options={TRANSFORMS.map((t) => ({ value: t, label: TRANSFORM_LABELS[t] }))}
        />
        {transform === "rebase" && (
          <UrlSelect
            name="base"
            label="Base month"
            value={sp.base ?? months[0] ?? ""}
            options={months.map((m) => ({ value: m, label: formatMonth(m) }))}
          />
        )}
        <UrlSelect
          name="asOf"
          label="As of (vintage)"
          value={sp.asOf ?? ""}
          options={[{ value: "", label: "Latest" }, ...details.vintages.map((v) => ({ value: v, label: v }))]}
        />
        <RangePresets active={sp.from || sp.to ? null : (preset ?? "max")} />
        <UrlInput name="from" label="From" value={sp.from ?? ""} resets={["range"]} />
        <UrlInput name="to" label="To" value={sp.to ?? ""} resets={["range"]} />
        <UrlSelect
          name="scale"
          label="Scale"
          value={log ? "log" : ""}
          options={[
            { value: "", label: "Linear" },
            { value: "log", label: "Logarithmic" },
          ]}
        />
        <UrlSelect
          name="analysis"
          label="Analysis"
          value={analysis}
          resets={["va", "vb"]}
          options={[
            { value: "", label: "None" },
            { value: "forecasts", label: "Past forecasts vs finals" },
            { value: "vintages", label: "Compare vintages" },
          ]}
        />
      </fieldset>
      {problem && (
        <div className="alert" role="alert">
          {problem}
        </div>
      )}
      {data && (
        <div className="card">
          <SeriesChart
            title={a.assessment}
            unitLabel={unitLabel(data.currency, data.unit)}
            finals={data.finals}
            forecasts={data.forecasts}
            transform={transform}
            base={sp.base}
            log={log}
            placeholderSvg={
              inPlace
                ? null
                : lineChartSvg(
                    seriesChartSpec({
                      unitLabel: unitLabel(data.currency, data.unit),
                      finals: data.finals,
                      forecasts: data.forecasts,
                      transform,
                      base: sp.base,
                      log,
                    }),
                  )
            }
          />
          <p className="small muted">
            Solid: finals · dashed: forecasts · ◆ preliminary. Drag the slider or scroll to zoom.
          </p>
        </div>
      )}
      {analysis === "forecasts" && <ForecastSection service={a.service} code={a.code} />}
      {analysis === "vintages" && (
        <VintageSection
          service={a.service}
          code={a.code}
          a={pick.success ? pick.data.a : undefined}
          b={pick.success ? pick.data.b : undefined}
        />
      )}
      <div className="series-details">
        {data && <SeriesTable data={data} current={current} transform={transform} base={sp.base} />}
        {/* Why a sync could not load it holds the vendor's own words: for admins only. */}
        <SeriesInfo assessment={{ ...a, syncIssue: isAdmin(user) ? a.syncIssue : null }} />
      </div>
    </div>
  );
}
