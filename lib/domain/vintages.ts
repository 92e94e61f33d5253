// Vintages of one series (pure), ALFRED-style: every publication, what it changed, any vintage's
// values and the revisions between two of them. Rows are the series' bitemporal observations,
// closed ones included: a row is valid from `validFrom` until `validTo` (null: still valid).
export type Kind = "final" | "preliminary" | "forecast";
export type VintageRow = {
  month: string;
  kind: Kind;
  value: number;
  validFrom: string;
  validTo: string | null;
};
export type SnapshotPoint = { month: string; kind: Kind; value: number };

export type VintageSummary = {
  /** publication instant (the vendor's updated_at, ISO) */
  date: string;
  /** the newest final (or preliminary) month of that vintage */
  lastFinal: string | null;
  /** months published for the first time as final */
  newFinals: string[];
  /** months whose final value was changed (a preliminary becoming final counts) */
  revised: string[];
  /** forecast months published or changed */
  forecasts: number;
};

export type Revision = { month: string; old: number | null; new: number | null; changePct: number | null };

/** Distinct publication instants, oldest first. */
export function vintageDates(rows: VintageRow[]): string[] {
  return [...new Set(rows.map((r) => r.validFrom))].sort();
}

/** The values valid at instant `at` (ISO), months ascending. */
export function snapshotAt(rows: VintageRow[], at: string): SnapshotPoint[] {
  return rows
    .filter((r) => r.validFrom <= at && (r.validTo === null || r.validTo > at))
    .sort((a, b) => a.month.localeCompare(b.month))
    .map((r) => ({ month: r.month, kind: r.kind, value: r.value }));
}

export function summariseVintages(rows: VintageRow[]): VintageSummary[] {
  const byMonth = new Map<string, VintageRow[]>();
  for (const r of rows) byMonth.set(r.month, [...(byMonth.get(r.month) ?? []), r]);
  for (const list of byMonth.values()) list.sort((a, b) => a.validFrom.localeCompare(b.validFrom));
  return vintageDates(rows).map((date) => {
    const newFinals: string[] = [];
    const revised: string[] = [];
    let forecasts = 0;
    for (const [month, list] of byMonth) {
      const i = list.findIndex((r) => r.validFrom === date);
      if (i < 0) continue;
      const row = list[i] as VintageRow;
      const before = i > 0 ? (list[i - 1] as VintageRow) : null;
      if (row.kind === "forecast") forecasts++;
      else if (!before || before.kind === "forecast") newFinals.push(month);
      else revised.push(month);
    }
    const lastFinal =
      snapshotAt(rows, date)
        .filter((p) => p.kind !== "forecast")
        .at(-1)?.month ?? null;
    return { date, lastFinal, newFinals: newFinals.sort(), revised: revised.sort(), forecasts };
  });
}

const pct = (a: number, b: number) => (a === 0 ? null : Math.round((b / a - 1) * 1e6) / 1e4);

/** Months whose value differs between vintage `a` and vintage `b` (either may lack the month). */
export function revisionsBetween(rows: VintageRow[], a: string, b: string): Revision[] {
  const left = new Map(snapshotAt(rows, a).map((p) => [p.month, p.value]));
  const right = new Map(snapshotAt(rows, b).map((p) => [p.month, p.value]));
  const months = [...new Set([...left.keys(), ...right.keys()])].sort();
  const out: Revision[] = [];
  for (const month of months) {
    const o = left.get(month) ?? null;
    const n = right.get(month) ?? null;
    if (o === n) continue;
    out.push({ month, old: o, new: n, changePct: o !== null && n !== null ? pct(o, n) : null });
  }
  return out;
}

/** One row per month, one column per vintage (null where that vintage has no value). */
export function vintageMatrix(rows: VintageRow[]): {
  dates: string[];
  rows: [string, ...(number | null)[]][];
} {
  const dates = vintageDates(rows);
  const snaps = dates.map((d) => new Map(snapshotAt(rows, d).map((p) => [p.month, p.value])));
  const months = [...new Set(rows.map((r) => r.month))].sort();
  return { dates, rows: months.map((m) => [m, ...snaps.map((s) => s.get(m) ?? null)]) };
}
