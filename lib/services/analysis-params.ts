import "server-only";
import { z } from "zod";

// Query parameters shared by the analyses: months stay YYYY-MM strings (compared as text), an
// "as of" day means "what was published by the end of that day (UTC)".
export const monthParam = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "must be YYYY-MM");
export const asOfParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be YYYY-MM-DD")
  .refine((v) => !Number.isNaN(new Date(`${v}T00:00:00Z`).getTime()), "is not a date")
  .transform((v) => new Date(`${v}T23:59:59.999Z`));
export const countryParam = z.string().trim().min(1).max(80);

/** The current month as YYYY-MM (UTC). */
export const thisMonth = () => new Date().toISOString().slice(0, 7);
