import "server-only";
import { z } from "zod";
import { locationFactorRows } from "@/lib/db/analyses";
import {
  DEFAULT_BASE,
  FactorIndex,
  type FactorSeries,
  referenceFromDetails,
} from "@/lib/domain/location-factors";
import { unprocessable } from "@/lib/http/errors";
import { asOfParam, countryParam, monthParam, thisMonth } from "./analysis-params";
import { cachedRead } from "./read-cache";

// Location factors between any two covered countries, from the stored factors (see
// lib/domain/location-factors.ts for the arithmetic). The vendor names each factor's reference
// country only in free text: a factor whose wording is not recognised is listed, never used.

export const locationFactorsQuerySchema = z.object({
  base: countryParam.default(DEFAULT_BASE),
  month: monthParam.optional(),
  asOf: asOfParam.optional(),
});
export type LocationFactorsQuery = z.output<typeof locationFactorsQuerySchema>;

const indexes = new WeakMap<object, FactorIndex>();

async function factorIndex(asOf?: Date): Promise<FactorIndex> {
  const loaded = await cachedRead(`lf-series|${asOf?.toISOString() ?? ""}`, async () => {
    const rows = await locationFactorRows(asOf);
    const byCode = new Map<string, FactorSeries>();
    for (const r of rows) {
      let s = byCode.get(r.code);
      if (!s) {
        s = {
          service: r.service,
          code: r.code,
          country: r.coverage,
          reference: referenceFromDetails(r.details),
          status: r.status,
          points: [],
        };
        byCode.set(r.code, s);
      }
      s.points.push({ month: r.month, value: r.value });
    }
    return {
      series: [...byCode.values()],
      details: Object.fromEntries(rows.map((r) => [r.code, r.details])),
    };
  });
  let index = indexes.get(loaded);
  if (!index) {
    index = new FactorIndex(loaded.series);
    indexes.set(loaded, index);
  }
  return index;
}

/** The month asked for, or the newest month any factor is published (not after this month). */
function resolveMonth(index: FactorIndex, month?: string): string {
  const months = index.months();
  if (!months.length) throw unprocessable("No location factors are stored yet.");
  if (month) {
    if (month < (months[0] as string))
      throw unprocessable(
        `No location factor is published on or before ${month}; the first is ${months[0]}.`,
        {
          field: "month",
        },
      );
    return month;
  }
  const now = thisMonth();
  return months.filter((m) => m <= now).at(-1) ?? (months[0] as string);
}

function checkCountry(index: FactorIndex, country: string, field: string): void {
  if (!index.countries.includes(country))
    throw unprocessable(`${country} is not covered by the stored location factors.`, {
      field,
      countries: index.countries,
    });
}

export async function locationFactorsRelative(q: LocationFactorsQuery) {
  const index = await factorIndex(q.asOf);
  const month = resolveMonth(index, q.month);
  checkCountry(index, q.base, "base");
  const items = index.relativeTo(q.base, month);
  return {
    base: q.base,
    month,
    asOf: q.asOf ? q.asOf.toISOString().slice(0, 10) : null,
    countries: index.countries,
    references: index.references,
    items,
    missing: index.countries.filter((c) => !items.some((i) => i.country === c)),
    unknownReference: index.unknownReference.map((s) => ({
      service: s.service,
      code: s.code,
      country: s.country,
    })),
  };
}

/** Every covered country against every other at one month: rows are bases, columns countries. */
export async function locationFactorMatrix(month?: string, asOf?: Date) {
  const index = await factorIndex(asOf);
  const m = resolveMonth(index, month);
  const countries = index.countries;
  return {
    month: m,
    countries,
    values: countries.map((base) => countries.map((c) => index.pair(base, c, m)?.value ?? null)),
  };
}

/** The factor of each `country` relative to `base`, for every month any factor is published. */
export async function locationFactorTrend(base: string, countries: string[], asOf?: Date) {
  const index = await factorIndex(asOf);
  checkCountry(index, base, "base");
  const months = index.months();
  return countries
    .filter((c) => index.countries.includes(c))
    .map((country) => ({ country, points: index.trend(base, country, months) }));
}

/** The factor from one country to another at a month (used by the estimate). */
export async function factorBetween(from: string, to: string, month: string, asOf?: Date) {
  const index = await factorIndex(asOf);
  return { pair: index.pair(from, to, month), covered: index.countries };
}

/** Countries the stored location factors cover. */
export async function factorCountries(): Promise<string[]> {
  return (await factorIndex()).countries;
}
