import "server-only";
import { z } from "zod";
import { allRowsOf, forecastRowsOf, forecastVariants } from "@/lib/db/analyses";
import { findAssessment } from "@/lib/db/series";
import { forecastAccuracy } from "@/lib/domain/forecast-accuracy";
import { serviceSchema } from "@/lib/domain/services";
import {
  revisionsBetween,
  snapshotAt,
  summariseVintages,
  type VintageRow,
  vintageMatrix,
} from "@/lib/domain/vintages";
import { notFound } from "@/lib/http/errors";
import { countryParam } from "./analysis-params";
import { cachedRead } from "./read-cache";
import type { seriesParamsSchema } from "./series";

// Vintages (every publication of a series, what each changed, the revisions between two) and the
// accuracy of past forecasts against the finals that arrived — from the bitemporal observations
// of the series' default rendering.

type Params = z.output<typeof seriesParamsSchema>;

const instant = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/, "must be a vintage date (YYYY-MM-DD or an ISO instant)")
  .transform((v) => (v.length === 10 ? `${v}T23:59:59.999Z` : v));
export const vintagesQuerySchema = z.object({ a: instant.optional(), b: instant.optional() });

async function loadRows(params: Params) {
  return cachedRead(`rows|${params.service}|${params.code}`, async () => {
    const a = await findAssessment(params.service, params.code);
    if (!a) return { header: null, rows: [] as VintageRow[] };
    const variant = a.variants.find((v) => v.isDefault);
    return {
      header: {
        service: a.service,
        code: a.code,
        assessment: a.assessment,
        currency: variant?.currency ?? a.defaultCurrency,
        unit: variant?.unit ?? a.defaultUnit,
      },
      rows: await allRowsOf(params.service, params.code),
    };
  });
}

async function rowsOf(params: Params) {
  const { header, rows } = await loadRows(params);
  if (!header) throw notFound(`No assessment ${params.code} in ${params.service}.`);
  return { header, rows: rows as VintageRow[] };
}

export async function seriesVintages(params: Params, q: z.output<typeof vintagesQuerySchema> = {}) {
  const { header, rows } = await rowsOf(params);
  const vintages = summariseVintages(rows);
  const latest = vintages.at(-1)?.date;
  const a = q.a ?? vintages.at(-2)?.date ?? latest;
  const b = q.b ?? latest;
  return {
    ...header,
    vintages,
    comparison: a && b ? { a, b, revisions: revisionsBetween(rows, a, b) } : null,
  };
}

/** The values of two vintages (for the overlay on the series page). */
export async function vintagePair(params: Params, a: string, b: string) {
  const { rows } = await rowsOf(params);
  const points = (at: string) => snapshotAt(rows, at).map((p) => ({ month: p.month, value: p.value }));
  return { a: { date: a, points: points(a) }, b: { date: b, points: points(b) } };
}

export async function vintagesMatrix(params: Params) {
  const { header, rows } = await rowsOf(params);
  return { ...header, ...vintageMatrix(rows) };
}

export async function seriesForecastAccuracy(params: Params) {
  const { header, rows } = await rowsOf(params);
  const accuracy = forecastAccuracy(rows);
  return {
    ...header,
    finals: rows
      .filter((r) => r.validTo === null && r.kind !== "forecast")
      .map((r) => ({ month: r.month, value: r.value })),
    ...accuracy,
  };
}

export const accuracyRankingQuerySchema = z.object({
  service: serviceSchema.optional(),
  commodity: countryParam.optional(),
  country: countryParam.optional(),
  horizon: z.coerce.number().int().min(1).max(60).optional(),
});

/**
 * Series ranked by forecast error (mean absolute %, smallest first), optionally at one horizon.
 * Rows are read a few dozen series at a time and only the scores kept, so memory stays small
 * however many vintages are stored; the ranking is cached until the data changes.
 */
export async function accuracyRanking(q: z.output<typeof accuracyRankingQuerySchema>) {
  return cachedRead(`fc-ranking|${JSON.stringify(q)}`, async () => {
    const { horizon, ...filter } = q;
    const variants = await forecastVariants(filter);
    const items = [];
    for (let i = 0; i < variants.length; i += CHUNK) {
      const chunk = variants.slice(i, i + CHUNK);
      const rows = await forecastRowsOf(chunk);
      for (const v of chunk) {
        const acc = forecastAccuracy(rows.get(v.variantId) ?? []);
        const stats = horizon ? acc.byHorizon.find((h) => h.horizon === horizon) : acc.overall;
        if (!stats) continue;
        items.push({
          service: v.service,
          code: v.code,
          assessment: v.assessment,
          commodity: v.commodity,
          country: v.coverage,
          vintages: acc.vintages.length,
          ...stats,
        });
      }
    }
    items.sort((x, y) => x.mape - y.mape || x.code.localeCompare(y.code));
    return { horizon: horizon ?? null, series: variants.length, items };
  });
}

const CHUNK = 100;
