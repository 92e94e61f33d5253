// The vendor's JSON records for a simulated series: the Series Info record and the Series Values
// record (recent or full history), in the requested currency and unit, newest first.
import { FIRST_MONTH, type MonthIndex, monthToDate } from "@/lib/domain/months";
import type { Catalogue, Series } from "./catalogue";
import { gaussian, roundSignificant, unit as uniform } from "./random";
import { convert, trueValue } from "./values";

export type Point = { date: string; value: number };

function joinOrNa(items: readonly string[]): string {
  return items.length ? items.join(", ") : "N/A";
}

function remark2(s: Series): string {
  if (s.discontinuedAt !== undefined) {
    const since = monthToDate(s.discontinuedAt).slice(0, 7);
    return `Discontinued from the ${since} release${s.replacementCode ? `; replaced by ${s.replacementCode}` : ""}`;
  }
  if (s.replacesCode) return `Replaces ${s.replacesCode}`;
  return s.template.remark2;
}

export function assessmentName(s: Series): string {
  const t = s.template;
  const country = t.geo.country.name;
  if (t.kind === "location_factor") return `Plant location factor, ${country}, ${s.details.toLowerCase()}`;
  if (t.kind === "cost_index") return `Plant construction cost index, ${s.specification}, ${country}`;
  return [t.commodity, s.specification, s.details, s.location, country].join(", ");
}

export function infoRecord(s: Series, catalogue: Catalogue) {
  const t = s.template;
  return {
    code: s.code,
    assessment: assessmentName(s),
    product: t.product,
    commodity: t.commodity,
    coverage: t.geo.country.name,
    location: s.location,
    area: t.area,
    details: s.details,
    specification: s.specification,
    available_currencies: joinOrNa(t.currencies),
    available_units: joinOrNa(t.units),
    default_currency: t.defaultCurrency,
    default_unit: t.defaultUnit,
    has_forecast: t.hasForecast,
    has_preliminary: t.hasPreliminary,
    last_available_final: monthToDate(s.lastFinal),
    series_hist_changed: s.seriesHistChanged,
    remark_1: `lag: ${t.lag}`,
    remark_2: remark2(s),
    updated_at: catalogue.releaseDate(s.updatedRelease),
  };
}

/** The published final value of `m` as of the series' effective vintage. */
function finalValue(s: Series, m: MonthIndex): number {
  let v = trueValue(s.identity, m);
  for (const e of s.events) if (m >= e.from && m <= e.to) v *= e.factor;
  // The newest month of a series with preliminary values is an estimate until the next release.
  if (s.template.hasPreliminary && m === s.lastFinal)
    v *= 1 + 0.015 * gaussian(s.identity.seed, s.identity.salt, m, 300);
  return v;
}

function forecastValue(s: Series, m: MonthIndex): number {
  const horizon = m - s.lastFinal;
  const error = 0.02 * horizon * gaussian(s.identity.seed, s.identity.salt, m, s.effectiveVintage, 400);
  return trueValue(s.identity, m) * (1 + error);
}

export type ValuesRequest = {
  history: boolean;
  currency: string;
  unit: string;
  forecastMonths: number;
  sandbox: boolean;
};

export function valuesRecord(s: Series, catalogue: Catalogue, req: ValuesRequest) {
  const t = s.template;
  const from = req.history ? FIRST_MONTH : s.lastFinal - 12;
  const render = (m: MonthIndex, value: number, digits: number): Point => ({
    date: monthToDate(m),
    value: req.sandbox
      ? -roundSignificant(1 + 99 * uniform(s.identity.salt, m, 500), 3)
      : roundSignificant(convert(t, value, m, req.currency, req.unit), digits),
  });
  const finals: Point[] = [];
  for (let m = s.lastFinal; m >= from; m--) finals.push(render(m, finalValue(s, m), 3));
  const forecasts: Point[] = [];
  if (t.hasForecast) {
    for (let m = s.lastFinal + req.forecastMonths; m > s.lastFinal; m--)
      forecasts.push(render(m, forecastValue(s, m), 2));
  }
  const info = infoRecord(s, catalogue);
  return {
    code: s.code,
    assessment: info.assessment,
    product: t.product,
    coverage: t.geo.country.name,
    currency: req.currency,
    unit: req.unit,
    remark_1: info.remark_1,
    remark_2: info.remark_2,
    series_final_values: finals,
    series_forecast_values: forecasts,
    updated_at: info.updated_at,
  };
}
