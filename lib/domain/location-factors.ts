// Location factors between any two countries (pure). The vendor publishes each country's plant cost
// relative to a reference country (LF_C = cost_C / cost_R); from factors against a common reference,
// A→B = LF_B / LF_A. A pair the vendor publishes directly is used as published.

export type MonthPoint = { month: string; value: number };

export type FactorSeries = {
  service: string;
  code: string;
  /** the country the factor is for */
  country: string;
  /** the country it is relative to; null when the vendor's wording could not be read */
  reference: string | null;
  status: string;
  /** months ascending, YYYY-MM */
  points: MonthPoint[];
};

export type FactorMethod = "base" | "direct" | "derived";

export type PairFactor = {
  country: string;
  value: number;
  method: FactorMethod;
  /** the common reference a derived factor goes through */
  via: string | null;
  /** month used for the country's factor and for the base's (latest not after the one asked) */
  month: string | null;
  baseMonth: string | null;
  codes: string[];
};

export const DEFAULT_BASE = "United States";

/** The reference country named in a factor's wording (one reader for every wording: ./wording.ts). */
export { readReferenceCountry as referenceFromDetails } from "./wording";

/** The latest point not after `month` (points ascending); null when there is none. */
export function valueAtOrBefore(points: MonthPoint[], month: string): MonthPoint | null {
  let lo = 0;
  let hi = points.length - 1;
  let found: MonthPoint | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const p = points[mid] as MonthPoint;
    if (p.month <= month) {
      found = p;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

type Published = { value: number; month: string; code: string };
const round = (v: number) => Math.round(v * 1e6) / 1e6;

export class FactorIndex {
  private readonly byPair = new Map<string, FactorSeries[]>();
  readonly countries: string[];
  readonly references: string[];
  /** series whose reference country could not be read: never used, listed so the page can say so */
  readonly unknownReference: FactorSeries[];

  constructor(series: FactorSeries[]) {
    this.unknownReference = series.filter((s) => s.reference === null);
    const known = series.filter((s) => s.reference !== null);
    for (const s of known) {
      const key = `${s.country}\u0000${s.reference}`;
      this.byPair.set(key, [...(this.byPair.get(key) ?? []), s]);
    }
    this.references = [...new Set(known.map((s) => s.reference as string))].sort((a, b) =>
      a === DEFAULT_BASE ? -1 : b === DEFAULT_BASE ? 1 : a.localeCompare(b),
    );
    this.countries = [...new Set([...known.map((s) => s.country), ...this.references])].sort();
  }

  /**
   * LF of `country` against `reference` at `month` as published: the latest value not after the
   * month across every series of the pair (a discontinued series and its replacement alike; on
   * the same month the active one wins). A country against itself is 1.
   */
  published(country: string, reference: string, month: string): Published | null {
    if (country === reference) return { value: 1, month, code: "" };
    let best: { p: MonthPoint; s: FactorSeries } | null = null;
    for (const s of this.byPair.get(`${country}\u0000${reference}`) ?? []) {
      const p = valueAtOrBefore(s.points, month);
      if (!p) continue;
      if (!best || p.month > best.p.month || (p.month === best.p.month && s.status === "active"))
        best = { p, s };
    }
    return best ? { value: best.p.value, month: best.p.month, code: best.s.code } : null;
  }

  /** The factor of `country` relative to `base` at `month`; null when no common reference has both. */
  pair(base: string, country: string, month: string): PairFactor | null {
    if (country === base)
      return { country, value: 1, method: "base", via: null, month, baseMonth: month, codes: [] };
    const direct = this.published(country, base, month);
    if (direct?.code)
      return {
        country,
        value: direct.value,
        method: "direct",
        via: null,
        month: direct.month,
        baseMonth: null,
        codes: [direct.code],
      };
    for (const via of this.references) {
      const a = this.published(base, via, month);
      const b = this.published(country, via, month);
      if (!a || !b || a.value === 0) continue;
      return {
        country,
        value: round(b.value / a.value),
        method: "derived",
        via,
        month: b.code ? b.month : null,
        baseMonth: a.code ? a.month : null,
        codes: [b.code, a.code].filter(Boolean),
      };
    }
    return null;
  }

  /** Every covered country relative to `base`, highest first. */
  relativeTo(base: string, month: string): PairFactor[] {
    return this.countries
      .map((c) => this.pair(base, c, month))
      .filter((p): p is PairFactor => p !== null)
      .sort((a, b) => b.value - a.value || a.country.localeCompare(b.country));
  }

  /** Every month any factor is published, ascending. */
  months(): string[] {
    const all = new Set<string>();
    for (const list of this.byPair.values()) for (const s of list) for (const p of s.points) all.add(p.month);
    return [...all].sort();
  }

  /** The factor of one pair for each of `months` (months without a value left out). */
  trend(base: string, country: string, months: string[]): MonthPoint[] {
    const out: MonthPoint[] = [];
    for (const month of months) {
      const p = this.pair(base, country, month);
      if (p) out.push({ month, value: p.value });
    }
    return out;
  }
}
