// A series' latest value and how it moved: since the user last opened the series when the newest
// value then differs from now, else against the month before.

export type ValueChange = {
  /** "visit": since the user's last look; "month": against the previous month. */
  basis: "visit" | "month";
  from: number;
  /** The month `from` belongs to when basis is "visit" (YYYY-MM), else null. */
  fromMonth: string | null;
  delta: number;
  /** Percent change, null when `from` is 0. */
  percent: number | null;
};

export type LatestSummary = {
  currency: string;
  unit: string;
  month: string | null;
  value: number | null;
  change: ValueChange | null;
};

const ym = (d: Date | null) => (d ? d.toISOString().slice(0, 7) : null);

function change(basis: ValueChange["basis"], from: number, to: number, fromMonth: string | null) {
  const delta = to - from;
  return { basis, from, fromMonth, delta, percent: from === 0 ? null : (delta / Math.abs(from)) * 100 };
}

export function summarizeLatest(row: {
  currency: string;
  unit: string;
  month: Date | null;
  value: number | null;
  previous: number | null;
  seenMonth: Date | null;
  seenValue: number | null;
}): LatestSummary {
  const base = { currency: row.currency, unit: row.unit, month: ym(row.month), value: row.value };
  if (row.value === null) return { ...base, change: null };
  const seenMonth = ym(row.seenMonth);
  if (row.seenValue !== null && (seenMonth !== base.month || row.seenValue !== row.value))
    return { ...base, change: change("visit", row.seenValue, row.value, seenMonth) };
  if (row.previous !== null) return { ...base, change: change("month", row.previous, row.value, null) };
  return { ...base, change: null };
}

/** "+1.2 %", "−0.4 %", "±0 %" for display. */
export function formatPercent(p: number | null): string {
  if (p === null) return "—";
  if (Math.abs(p) < 0.05) return "±0 %";
  return `${p > 0 ? "+" : "−"}${Math.abs(p).toFixed(1)} %`;
}
