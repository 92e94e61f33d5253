// Forecasts against the finals that later arrived (pure). For each past vintage, its forecasts
// beside today's finals; errors by horizon (months ahead of that vintage's newest final):
// mean absolute % error, bias (mean signed % error, forecast − final) and count.
import { snapshotAt, type VintageRow, vintageDates } from "./vintages";

export type AccuracyPoint = {
  month: string;
  horizon: number;
  forecast: number;
  final: number | null;
  /** (forecast − final) / final × 100; null until the final has arrived */
  errorPct: number | null;
};
export type VintageForecasts = { date: string; lastFinal: string; points: AccuracyPoint[] };
export type HorizonError = { horizon: number; count: number; mape: number; bias: number };
export type Accuracy = {
  vintages: VintageForecasts[];
  byHorizon: HorizonError[];
  /** over every horizon; null when no forecast has met its final yet */
  overall: { count: number; mape: number; bias: number } | null;
};

export function monthsBetween(from: string, to: string): number {
  const [fy, fm] = from.split("-").map(Number) as [number, number];
  const [ty, tm] = to.split("-").map(Number) as [number, number];
  return ty * 12 + tm - (fy * 12 + fm);
}

const r4 = (v: number) => Math.round(v * 1e4) / 1e4;

/**
 * `rows`: every stored row of the series (closed ones included). The finals compared against are
 * those valid now (preliminary values do not count as arrived).
 */
export function forecastAccuracy(rows: VintageRow[]): Accuracy {
  const now = rows.filter((r) => r.validTo === null && r.kind === "final");
  const finals = new Map(now.map((r) => [r.month, r.value]));
  const vintages: VintageForecasts[] = [];
  const seen = new Set<string>();
  for (const date of vintageDates(rows)) {
    const snap = snapshotAt(rows, date);
    const lastFinal = snap.filter((p) => p.kind !== "forecast").at(-1)?.month;
    const forecasts = snap.filter((p) => p.kind === "forecast");
    if (!lastFinal || !forecasts.length) continue;
    // A vintage that only revised history repeats the previous forecasts: keep the first.
    const key = JSON.stringify(forecasts.map((p) => [p.month, p.value]));
    if (seen.has(key)) continue;
    seen.add(key);
    vintages.push({
      date,
      lastFinal,
      points: forecasts.map((p) => {
        const final = finals.get(p.month) ?? null;
        return {
          month: p.month,
          horizon: monthsBetween(lastFinal, p.month),
          forecast: p.value,
          final,
          errorPct: final === null || final === 0 ? null : r4(((p.value - final) / final) * 100),
        };
      }),
    });
  }
  const groups = new Map<number, number[]>();
  for (const v of vintages)
    for (const p of v.points)
      if (p.errorPct !== null) groups.set(p.horizon, [...(groups.get(p.horizon) ?? []), p.errorPct]);
  const stats = (errors: number[]) => ({
    count: errors.length,
    mape: r4(errors.reduce((s, e) => s + Math.abs(e), 0) / errors.length),
    bias: r4(errors.reduce((s, e) => s + e, 0) / errors.length),
  });
  const byHorizon = [...groups.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([horizon, errors]) => ({ horizon, ...stats(errors) }));
  const all = [...groups.values()].flat();
  return { vintages, byHorizon, overall: all.length ? stats(all) : null };
}
