// How months, values and units read on screen and in exports (pure). Months as months
// ("Nov 2026"), values with the data's own precision (the decimals the vendor sent, at most six),
// and a unit label without the vendor's "N/A" placeholders.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-11-01" or "2026-11" → "Nov 2026"; anything else is returned as it is. */
export function formatMonth(date: string): string {
  const m = /^(\d{4})-(\d{2})/.exec(date);
  const name = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && name ? `${name} ${m[1]}` : date;
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * An instant as people read it, the same on the server and in every browser (no locale, no local
 * zone): "2026-11-23T15:27:44Z" → "23 Nov 2026, 15:27 UTC". `null`/unparseable → "—".
 * `{ zone: false }` leaves the " UTC" off (a column headed "(UTC)").
 */
export function formatDateTime(
  value: string | Date | null | undefined,
  opts: { zone?: boolean; seconds?: boolean } = {},
): string {
  if (value === null || value === undefined || value === "") return "—";
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return "—";
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}${opts.seconds ? `:${pad(d.getUTCSeconds())}` : ""}`;
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${time}${opts.zone === false ? "" : " UTC"}`;
}

/** Decimals written in a number as sent (1.250 → 2 as a JS number: 1.25), at most `max`. */
function decimalsOf(value: number, max: number): number {
  if (!Number.isFinite(value) || Number.isInteger(value)) return 0;
  const text = value.toString();
  const exp = /e-(\d+)$/.exec(text);
  if (exp) return Math.min(max, Number(exp[1]));
  return Math.min(max, text.split(".")[1]?.length ?? 0);
}

/** The precision of a series: the most decimals any of its values has (at most `max`). */
export function seriesDecimals(values: Iterable<number>, max = 6): number {
  let d = 0;
  for (const v of values) {
    d = Math.max(d, decimalsOf(v, max));
    if (d === max) break;
  }
  return d;
}

// One formatter per precision: `toLocaleString` with options builds a new one on every call, which
// a table of a few hundred values pays for on every render.
const valueFormats = new Map<number, Intl.NumberFormat>();

/** A value with exactly `decimals` decimals and grouped thousands (en). */
export function formatValue(value: number, decimals: number): string {
  let format = valueFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat("en", {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    valueFormats.set(decimals, format);
  }
  return format.format(value);
}

const missing = (s: string | null | undefined) => !s || /^n\/?a$/i.test(s.trim());

/** "USD / MMBtu"; an index without currency reads "index", a placeholder half is left out. */
export function unitLabel(currency: string | null | undefined, unit: string | null | undefined): string {
  const parts = [currency, unit].filter((p): p is string => !missing(p));
  return parts.length ? parts.join(" / ") : "index";
}

/** Excel number format for `decimals` decimals: 0, 0.0, 0.00 … with grouped thousands. */
export function excelNumberFormat(decimals: number): string {
  return decimals > 0 ? `#,##0.${"0".repeat(decimals)}` : "#,##0";
}

/** A vendor field name as words: "first_available_date" / "firstAvailableDate" → "First available date". */
export function fieldLabel(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_\-.]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words[0]?.toUpperCase() + words.slice(1) : name;
}
