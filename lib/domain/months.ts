// Months as integers (year * 12 + month - 1) so arithmetic is exact; the vendor writes a month as
// the first day, YYYY-MM-01.

export type MonthIndex = number;

export const FIRST_MONTH: MonthIndex = monthIndex(2007, 1);

export function monthIndex(year: number, month: number): MonthIndex {
  return year * 12 + (month - 1);
}

export function monthYear(index: MonthIndex): { year: number; month: number } {
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** 2026-10 → "2026-10-01" */
export function monthToDate(index: MonthIndex): string {
  const { year, month } = monthYear(index);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-01`;
}

/** 2026-10 → "2026-10" */
export function monthToKey(index: MonthIndex): string {
  return monthToDate(index).slice(0, 7);
}

const MONTH_RE = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/;

/** Parses "YYYY-MM" or "YYYY-MM-DD" (any day) to its month; null when malformed. */
export function parseMonth(value: string): MonthIndex | null {
  const m = MONTH_RE.exec(value);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  if (month < 1 || month > 12) return null;
  if (m[3] !== undefined) {
    const day = Number(m[3]);
    const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
    if (day < 1 || day > days) return null;
  }
  return monthIndex(year, month);
}

/** A calendar date as YYYY-MM-DD (UTC), or null. */
export function isoDay(date: Date | null | undefined): string | null {
  return date ? date.toISOString().slice(0, 10) : null;
}

/** YYYY-MM-DD → the UTC midnight it names, or null. */
export function dayToDate(value: string | null | undefined): Date | null {
  return value ? new Date(`${value}T00:00:00Z`) : null;
}
