// Assessment codes: three hyphen-separated numeric parts; the first may have a leading zero, so
// codes are strings, never numbers.
import { z } from "zod";

export const CODE_PATTERN = /^\d{1,9}-\d{1,9}-\d{1,9}$/;

export const codeSchema = z
  .string()
  .trim()
  .regex(CODE_PATTERN, "must look like 68520-8-1 (three numeric parts)");

export function isCode(value: string): boolean {
  return CODE_PATTERN.test(value);
}

/** Splits a list into chunks of at most `size` (order kept). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
