// Series transforms shown on charts and exported (pure): level, month-on-month %, year-on-year %,
// absolute change on the month before, and rebased to 100 at a chosen month.
export const TRANSFORMS = ["level", "mom", "yoy", "change", "rebase"] as const;
export type Transform = (typeof TRANSFORMS)[number];
export const TRANSFORM_LABELS: Record<Transform, string> = {
  level: "Level",
  mom: "Month-on-month %",
  yoy: "Year-on-year %",
  change: "Change on previous month",
  rebase: "Rebased (= 100)",
};

export type Point = { date: string; value: number };

const monthKey = (date: string) => date.slice(0, 7);
function shiftMonth(date: string, months: number): string {
  const [y, m] = monthKey(date).split("-").map(Number) as [number, number];
  const i = y * 12 + (m - 1) + months;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, "0")}`;
}
const round = (v: number) => Math.round(v * 1e4) / 1e4;

/** `points` ascending; `all` is the full series (finals + forecasts) the lags are looked up in. */
export function applyTransform(
  points: Point[],
  transform: Transform,
  all: Point[] = points,
  base?: string,
): Point[] {
  if (transform === "level") return points;
  const byMonth = new Map(all.map((p) => [monthKey(p.date), p.value]));
  if (transform === "rebase") {
    const baseMonth = base ? monthKey(base) : monthKey(all[0]?.date ?? "");
    const b = byMonth.get(baseMonth);
    if (!b) return [];
    return points.map((p) => ({ date: p.date, value: round((p.value / b) * 100) }));
  }
  const lag = transform === "yoy" ? 12 : 1;
  const out: Point[] = [];
  for (const p of points) {
    const prev = byMonth.get(shiftMonth(p.date, -lag));
    if (prev === undefined) continue;
    if (transform === "change") out.push({ date: p.date, value: round(p.value - prev) });
    else if (prev) out.push({ date: p.date, value: round((p.value / prev - 1) * 100) });
  }
  return out;
}

/** The month every series has a final for (the latest first final): where a comparison rebases by default. */
export function commonBaseMonth(series: { finals: Point[] }[]): string | undefined {
  return series
    .map((s) => s.finals[0]?.date.slice(0, 7) ?? "")
    .sort()
    .at(-1);
}
