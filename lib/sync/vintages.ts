import "server-only";
// Bitemporal diff (pure): given the currently valid rows of a variant and a freshly fetched record,
// which rows to close and which to insert. Nothing is overwritten: a changed value or kind closes
// the old row at the new vintage and inserts the new one, so every past vintage stays queryable.
export type ObservationKind = "final" | "preliminary" | "forecast";

export type OpenRow = { month: Date; validFrom: Date; kind: ObservationKind; value: number };
export type IncomingPoint = { month: Date; kind: ObservationKind; value: number };
export type NewRow = IncomingPoint & { validFrom: Date };
export type VintageDiff = { close: { month: Date; validFrom: Date }[]; insert: NewRow[]; validTo: Date };

/** Incoming points of one record: finals (the newest marked preliminary where the series has them) and forecasts. */
export function incomingPoints(
  finals: { date: string; value: number }[],
  forecasts: { date: string; value: number }[],
  hasPreliminary: boolean,
): IncomingPoint[] {
  const toMonth = (d: string) => new Date(`${d.slice(0, 7)}-01T00:00:00Z`);
  const out: IncomingPoint[] = finals.map((p, i) => ({
    month: toMonth(p.date),
    value: p.value,
    kind: hasPreliminary && i === finals.length - 1 ? "preliminary" : "final",
  }));
  const lastFinal = out.at(-1)?.month.getTime() ?? Number.NEGATIVE_INFINITY;
  for (const p of forecasts) {
    const month = toMonth(p.date);
    // A month the vendor sends as both final and forecast is final.
    if (month.getTime() > lastFinal) out.push({ month, value: p.value, kind: "forecast" });
  }
  return out;
}

const same = (a: number, b: number) =>
  a === b || Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/**
 * `vintage` is the vendor's updated_at of the record. A month absent from the record is left
 * alone (Series Values sends only 13 months), except a forecast beyond the newest final that the
 * vendor no longer sends: that forecast was withdrawn and is closed.
 */
export function diffVintage(open: OpenRow[], incoming: IncomingPoint[], vintage: Date): VintageDiff {
  const latestOpen = open.reduce((max, r) => Math.max(max, r.validFrom.getTime()), Number.NEGATIVE_INFINITY);
  // Vintages must move forward even if the vendor repeats a date: one millisecond later at least.
  const validFrom = new Date(Math.max(vintage.getTime(), latestOpen + 1));
  const byMonth = new Map(open.map((r) => [r.month.getTime(), r]));
  const close: VintageDiff["close"] = [];
  const insert: NewRow[] = [];
  const seen = new Set<number>();
  for (const p of incoming) {
    const key = p.month.getTime();
    seen.add(key);
    const current = byMonth.get(key);
    if (current && current.kind === p.kind && same(current.value, p.value)) continue;
    if (current) close.push({ month: current.month, validFrom: current.validFrom });
    insert.push({ ...p, validFrom: current ? validFrom : vintage });
  }
  const newestFinal = Math.max(
    Number.NEGATIVE_INFINITY,
    ...incoming.filter((p) => p.kind !== "forecast").map((p) => p.month.getTime()),
  );
  for (const r of open) {
    const key = r.month.getTime();
    if (!seen.has(key) && r.kind === "forecast" && key > newestFinal)
      close.push({ month: r.month, validFrom: r.validFrom });
  }
  return { close, insert, validTo: validFrom };
}
