// The vendor's JSON records for a simulated series: the Series Info record and the Series Values
// record (recent or full history), in the requested currency and unit, newest first. A record
// style adds the live vendor's habits: "True"/"False" and numeric strings for scalars, points out
// of date order, fields the specification does not list, other wording, the dataset as a field.
import { FIRST_MONTH, type MonthIndex, monthToDate, monthYear } from "@/lib/domain/months";
import type { Catalogue, Series } from "./catalogue";
import { gaussian, hash, roundSignificant, unit as uniform } from "./random";
import { convert, trueValue } from "./values";

export type Point = { date: string; value: number | string };

export type RecordStyle = {
  wording: "default" | "live";
  /** booleans as "True"/"False", point values of about half the records as numeric strings */
  stringScalars: boolean;
  /** points in a seeded order instead of newest first */
  shufflePoints: boolean;
  /** fields the specification does not list, in every record */
  extraFields: boolean;
  /** a field carrying the record's dataset key, under this name */
  datasetField?: string;
  /** when a release was published (for `last_modified`) */
  releaseInstant?: (release: MonthIndex) => Date;
};

export const PLAIN_STYLE: RecordStyle = {
  wording: "default",
  stringScalars: false,
  shufflePoints: false,
  extraFields: false,
};

const MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" ");
const monthName = (m: MonthIndex) => {
  const { year, month } = monthYear(m);
  return `${MONTHS[month - 1]} ${year}`;
};

function joinOrNa(items: readonly string[]): string {
  return items.length ? items.join(", ") : "N/A";
}

function remark2(s: Series, wording: RecordStyle["wording"]): string {
  if (wording === "live") {
    if (s.discontinuedAt !== undefined) {
      const successor = s.replacementCode ? ` Successor series: ${s.replacementCode}` : "";
      return `Assessment ceased with the ${monthName(s.discontinuedAt)} publication.${successor}`;
    }
    if (s.replacesCode) return `Continues series ${s.replacesCode}`;
    return s.template.remark2;
  }
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
  if (t.kind === "location_factor") return `${s.commodity}, ${country}, ${s.details.toLowerCase()}`;
  if (t.kind === "cost_index") return `${s.commodity}, ${s.specification}, ${country}`;
  return [t.commodity, s.specification, s.details, s.location, country].join(", ");
}

const bool = (b: boolean, style: RecordStyle) => (style.stringScalars ? (b ? "True" : "False") : b);

/** Fields the specification does not list; none of them names the dataset. */
function extraFields(s: Series, catalogue: Catalogue, style: RecordStyle) {
  const salt = s.identity.salt;
  const seed = s.identity.seed;
  const published =
    style.releaseInstant?.(s.updatedRelease) ??
    new Date(`${catalogue.releaseDate(s.updatedRelease)}T15:00:00Z`);
  return {
    mdc_id: 100_000 + (hash(seed, salt, 801) % 900_000),
    source_system: "MDC",
    last_modified: new Date(
      published.getTime() + 1000 * (hash(seed, salt, s.updatedRelease, 802) % 5400),
    ).toISOString(),
    attributes: {
      frequency: s.template.cadence === "quarterly" ? "Quarterly" : "Monthly",
      revision_count: s.events.length,
      status_code: s.discontinuedAt === undefined ? 1 : 9,
    },
  };
}

export function infoRecord(s: Series, catalogue: Catalogue, style: RecordStyle = PLAIN_STYLE) {
  const t = s.template;
  const record = {
    code: s.code,
    assessment: assessmentName(s),
    product: t.product,
    commodity: s.commodity,
    coverage: t.geo.country.name,
    location: s.location,
    area: t.area,
    details: s.details,
    specification: s.specification,
    available_currencies: joinOrNa(t.currencies),
    available_units: joinOrNa(t.units),
    default_currency: t.defaultCurrency,
    default_unit: t.defaultUnit,
    has_forecast: bool(t.hasForecast, style),
    has_preliminary: bool(t.hasPreliminary, style),
    last_available_final: monthToDate(s.lastFinal),
    series_hist_changed: bool(s.seriesHistChanged, style),
    remark_1: `lag: ${t.lag}`,
    remark_2: remark2(s, style.wording),
    updated_at: catalogue.releaseDate(s.updatedRelease),
  };
  return decorate(record, s, catalogue, style);
}

function decorate<T extends object>(record: T, s: Series, catalogue: Catalogue, style: RecordStyle): T {
  if (!style.extraFields && !style.datasetField) return record;
  const out: Record<string, unknown> = record as Record<string, unknown>;
  if (style.extraFields) Object.assign(out, extraFields(s, catalogue, style));
  if (style.datasetField) out[style.datasetField] = s.dataset;
  return record;
}

/**
 * A seeded order that is not by date: a Fisher–Yates shuffle, turned once more if it came out
 * monotonic (then neither newest-first nor oldest-first holds; two points come oldest first).
 */
function shuffle(points: Point[], seed: number, salt: number, kind: number): Point[] {
  const n = points.length;
  if (n < 2) return points;
  for (let i = n - 1; i > 0; i--) {
    const j = hash(seed, salt, kind, i, 700) % (i + 1);
    const tmp = points[i] as Point;
    points[i] = points[j] as Point;
    points[j] = tmp;
  }
  const ascending = (a: Point | undefined, b: Point | undefined) => (a?.date ?? "") < (b?.date ?? "");
  let up = true;
  let down = true;
  for (let i = 1; i < n; i++) {
    if (ascending(points[i - 1], points[i])) down = false;
    else up = false;
  }
  if (n === 2 && down) points.reverse();
  else if (n > 2 && (up || down)) points.push(points.shift() as Point);
  return points;
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

export function valuesRecord(
  s: Series,
  catalogue: Catalogue,
  req: ValuesRequest,
  style: RecordStyle = PLAIN_STYLE,
) {
  const t = s.template;
  const from = req.history ? FIRST_MONTH : s.lastFinal - 12;
  const number = (m: MonthIndex, value: number, digits: number): number =>
    req.sandbox
      ? -roundSignificant(1 + 99 * uniform(s.identity.salt, m, 500), 3)
      : roundSignificant(convert(t, value, m, req.currency, req.unit), digits);
  // About half the records send their values as numeric strings.
  const strings = style.stringScalars && uniform(s.identity.seed, s.identity.salt, 601) < 0.5;
  const render = strings
    ? (m: MonthIndex, value: number, digits: number): Point => ({
        date: monthToDate(m),
        value: String(number(m, value, digits)),
      })
    : (m: MonthIndex, value: number, digits: number): Point => ({
        date: monthToDate(m),
        value: number(m, value, digits),
      });
  const finals: Point[] = [];
  for (let m = s.lastFinal; m >= from; m--) finals.push(render(m, finalValue(s, m), 3));
  const forecasts: Point[] = [];
  if (t.hasForecast) {
    for (let m = s.lastFinal + req.forecastMonths; m > s.lastFinal; m--)
      forecasts.push(render(m, forecastValue(s, m), 2));
  }
  if (style.shufflePoints) {
    shuffle(finals, s.identity.seed, s.identity.salt, 1);
    shuffle(forecasts, s.identity.seed, s.identity.salt, 2);
  }
  const record = {
    code: s.code,
    assessment: assessmentName(s),
    product: t.product,
    coverage: t.geo.country.name,
    currency: req.currency,
    unit: req.unit,
    remark_1: `lag: ${t.lag}`,
    remark_2: remark2(s, style.wording),
    series_final_values: finals,
    series_forecast_values: forecasts,
    updated_at: catalogue.releaseDate(s.updatedRelease),
  };
  return decorate(record, s, catalogue, style);
}
