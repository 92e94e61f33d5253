// Cost escalation with an index (pure): what an amount at one month costs at another month,
// and, with location factors, in another country.
export type IndexPoint = { date: string; value: number };

export function indexAt(points: IndexPoint[], month: string): number | null {
  return points.find((p) => p.date.slice(0, 7) === month)?.value ?? null;
}

/** amount × index(to) / index(from); null when either month is not published. */
export function escalate(amount: number, points: IndexPoint[], from: string, to: string): number | null {
  const a = indexAt(points, from);
  const b = indexAt(points, to);
  if (a === null || b === null || a === 0) return null;
  return Math.round(((amount * b) / a) * 100) / 100;
}
