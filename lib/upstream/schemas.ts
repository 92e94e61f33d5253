import "server-only";
// Tolerant readers of the vendor's JSON (DESIGN.md): unknown fields ignored, booleans as
// "True"/"False", numbers as numeric strings, points in any order, any number of forecast
// months, codes as strings. Semantically bad data (a non-numeric value, a bad date, a bad code)
// is rejected so that nothing of that batch is written.
import { z } from "zod";
import { CODE_PATTERN } from "@/lib/domain/codes";

const text = z.union([z.string(), z.number()]).transform((v) => String(v).trim());
const optionalText = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? "" : String(v).trim()));

const bool = z.union([
  z.boolean(),
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(["true", "false", "1", "0", "yes", "no"]))
    .transform((v) => v === "true" || v === "1" || v === "yes"),
  z.literal(0).transform(() => false),
  z.literal(1).transform(() => true),
]);

/** YYYY-MM-DD (a time part, if any, is dropped); must be a real calendar date. */
const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(?:[T ].*)?$/, "not a YYYY-MM-DD date")
  .transform((v) => v.slice(0, 10))
  // Only days 29–31 can be impossible (2026-02-30); most points are the 1st, so this stays cheap.
  .refine(
    (v) => Number(v.slice(8, 10)) <= 28 || new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    "not a calendar date",
  );

const code = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => CODE_PATTERN.test(v), "not a code of three numeric parts");

const numeric = z.union([
  z.number().finite(),
  z
    .string()
    .trim()
    .regex(/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/, "not a number")
    .transform(Number),
]);

const point = z.object({ date: isoDate, value: numeric });
export type UpstreamPoint = { date: string; value: number };

/** Points sorted oldest first; one value per month (a duplicate month is bad data). */
const points = z
  .array(point)
  .nullish()
  .transform((list, ctx) => {
    const sorted = [...(list ?? [])].sort((a, b) => a.date.localeCompare(b.date));
    for (let i = 1; i < sorted.length; i++) {
      if (sorted[i]?.date === sorted[i - 1]?.date) {
        ctx.addIssue({ code: "custom", message: `duplicate point for ${sorted[i]?.date}` });
        return z.NEVER;
      }
    }
    return sorted;
  });

export const tokenResponseSchema = z.object({ access_token: z.string().min(10) });

const infoRecordFields = z.object({
  code,
  assessment: text,
  product: optionalText,
  commodity: optionalText,
  coverage: optionalText,
  location: optionalText,
  area: optionalText,
  details: optionalText,
  specification: optionalText,
  available_currencies: optionalText,
  available_units: optionalText,
  default_currency: optionalText,
  default_unit: optionalText,
  has_forecast: bool.default(false),
  has_preliminary: bool.default(false),
  last_available_final: isoDate.nullish(),
  series_hist_changed: bool.default(false),
  remark_1: optionalText,
  remark_2: optionalText,
  updated_at: isoDate.nullish(),
});
/** The record as received, every field the vendor sent, kept beside the parsed one. */
export type RawRecord = Record<string, unknown>;

/** A Series Info record, parsed, with the record as received in `raw` (fields the vendor adds are data). */
export const infoRecordSchema = z.record(z.string(), z.unknown()).transform((raw, ctx) => {
  const parsed = infoRecordFields.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      ctx.addIssue({ ...issue, code: "custom", message: issue.message });
    return z.NEVER;
  }
  return { ...parsed.data, raw: raw as RawRecord };
});
export type InfoRecord = z.output<typeof infoRecordSchema>;
export const seriesInfoSchema = z.array(infoRecordSchema);

export const valuesRecordSchema = z.object({
  code,
  assessment: optionalText,
  product: optionalText,
  coverage: optionalText,
  currency: optionalText,
  unit: optionalText,
  remark_1: optionalText,
  remark_2: optionalText,
  series_final_values: points,
  series_forecast_values: points,
  updated_at: isoDate.nullish(),
});
export type ValuesRecord = z.output<typeof valuesRecordSchema>;
export const seriesValuesSchema = z.array(valuesRecordSchema);

const count = z.union([z.number().int().nonnegative(), z.string().trim().regex(/^\d+$/).transform(Number)]);
export const dataLimitsSchema = z.record(
  z.string(),
  z.object({ remaining_requests: count, total_requests: count }),
);
export type DataLimits = z.output<typeof dataLimitsSchema>;

/** "lag: 2" → 2 */
export function lagFromRemark(remark: string): number | null {
  const match = /lag\s*:\s*(\d+)/i.exec(remark);
  return match ? Number(match[1]) : null;
}

/** "N/A" and empty mean none. */
export function noneToNull(value: string): string | null {
  return value === "" || value.toUpperCase() === "N/A" ? null : value;
}
