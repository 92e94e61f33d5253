// Escalation and relocation of a cost estimate (pure): an amount at one month in one country,
// escalated with that country's plant construction cost index to the target month
// (index at target / index at source), then relocated with the location factor source → target
// country at the target month. Every step is listed so the result can be checked by hand.
import type { PairFactor } from "./location-factors";

export type IndexPoint = { month: string; value: number; forecast: boolean };
export type IndexSeries = { code: string; country: string; specification: string; points: IndexPoint[] };

/**
 * One index over time from a discontinued series and its replacement: the replacement's values,
 * and before its first month the old series' values scaled by replacement / old at the latest
 * month both publish as finals. `chain` runs oldest → newest.
 */
export function spliceIndex(chain: IndexSeries[]): {
  points: (IndexPoint & { code: string })[];
  splices: { from: string; to: string; month: string; ratio: number }[];
} {
  const newest = chain.at(-1);
  if (!newest) return { points: [], splices: [] };
  let points = newest.points.map((p) => ({ ...p, code: newest.code }));
  const splices: { from: string; to: string; month: string; ratio: number }[] = [];
  for (let i = chain.length - 2; i >= 0; i--) {
    const older = chain[i] as IndexSeries;
    const later = new Map(points.filter((p) => !p.forecast).map((p) => [p.month, p.value]));
    const overlap = older.points.filter((p) => !p.forecast && later.has(p.month)).at(-1);
    if (!overlap) break;
    const ratio = (later.get(overlap.month) as number) / overlap.value;
    const first = points[0]?.month ?? "";
    const earlier = older.points
      .filter((p) => !p.forecast && p.month < first)
      .map((p) => ({ ...p, value: p.value * ratio, code: older.code }));
    points = [...earlier, ...points];
    splices.push({ from: older.code, to: points.at(-1)?.code ?? newest.code, month: overlap.month, ratio });
  }
  return { points, splices };
}

export type EstimateInput = {
  amount: number;
  currency: string;
  month: string;
  country: string;
  targetMonth: string;
  targetCountry: string;
};

export type EstimateStep =
  | {
      step: "escalate";
      codes: string[];
      country: string;
      specification: string;
      from: { month: string; value: number; code: string; forecast: boolean };
      to: { month: string; value: number; code: string; forecast: boolean };
      ratio: number;
      splices: { from: string; to: string; month: string; ratio: number }[];
      amount: number;
    }
  | {
      step: "relocate";
      from: string;
      to: string;
      factor: number;
      method: PairFactor["method"];
      via: string | null;
      month: string;
      /** months of the published factors used (target country's, source country's) */
      factorMonth: string | null;
      baseFactorMonth: string | null;
      codes: string[];
      amount: number;
    };

export type EstimateResult =
  | { ok: true; input: EstimateInput; steps: EstimateStep[]; amount: number; forecast: boolean }
  | { ok: false; reason: string; field: string };

const money = (v: number) => Math.round(v * 100) / 100;
const ratio6 = (v: number) => Math.round(v * 1e6) / 1e6;

/** `index` is the source country's index (spliced); `factor` source → target at the target month. */
export function estimate(
  input: EstimateInput,
  index: IndexSeries[],
  factor: PairFactor | null,
): EstimateResult {
  const steps: EstimateStep[] = [];
  let amount = input.amount;
  const newest = index.at(-1);
  if (!newest)
    return { ok: false, reason: `No cost index is stored for ${input.country}.`, field: "country" };
  const { points, splices } = spliceIndex(index);
  const at = (month: string) => points.find((p) => p.month === month);
  const range = points.length ? ` (the index covers ${points[0]?.month} to ${points.at(-1)?.month})` : "";
  const from = at(input.month);
  if (!from)
    return {
      ok: false,
      reason: `The cost index ${newest.code} has no value for ${input.month}${range}.`,
      field: "month",
    };
  const to = at(input.targetMonth);
  if (!to)
    return {
      ok: false,
      reason: `The cost index ${newest.code} has no value for ${input.targetMonth}${range}.`,
      field: "targetMonth",
    };
  if (from.value === 0) return { ok: false, reason: "The index is 0 at the source month.", field: "month" };
  const r = to.value / from.value;
  amount = money(amount * r);
  steps.push({
    step: "escalate",
    codes: [...new Set([from.code, to.code])],
    country: input.country,
    specification: newest.specification,
    from: { month: from.month, value: ratio6(from.value), code: from.code, forecast: from.forecast },
    to: { month: to.month, value: ratio6(to.value), code: to.code, forecast: to.forecast },
    ratio: ratio6(r),
    splices: splices.filter((s) => [from.code, to.code].includes(s.from)),
    amount,
  });
  if (input.targetCountry !== input.country) {
    if (!factor)
      return {
        ok: false,
        reason: `No location factor links ${input.country} and ${input.targetCountry} on or before ${input.targetMonth}.`,
        field: "targetCountry",
      };
    amount = money(amount * factor.value);
    steps.push({
      step: "relocate",
      from: input.country,
      to: input.targetCountry,
      factor: factor.value,
      method: factor.method,
      via: factor.via,
      month: input.targetMonth,
      factorMonth: factor.month,
      baseFactorMonth: factor.baseMonth,
      codes: factor.codes,
      amount,
    });
  }
  return { ok: true, input, steps, amount, forecast: from.forecast || to.forecast };
}

export type FxQuote = {
  to: string;
  service?: string;
  code: string;
  month: string;
  base: number;
  quote: number;
};
export type CurrencyResult = {
  currency: string;
  amount: number;
  /** how the rate was found: the same series stored in both currencies at `month` */
  rate?: number;
  month?: string;
  service?: string;
  code?: string;
};

/** The result in its own currency, then in every currency a stored quote converts it to. */
export function inCurrencies(amount: number, currency: string, quotes: FxQuote[]): CurrencyResult[] {
  const out: CurrencyResult[] = [{ currency, amount }];
  for (const q of quotes) {
    if (q.to === currency || q.base === 0 || out.some((r) => r.currency === q.to)) continue;
    const rate = q.quote / q.base;
    out.push({
      currency: q.to,
      amount: money(amount * rate),
      rate: ratio6(rate),
      month: q.month,
      code: q.code,
    });
  }
  return out;
}
