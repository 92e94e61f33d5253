import "server-only";
import type { z } from "zod";

// A page's filters from its address (admin lists, the catalogue): the non-empty single values, read
// with the same schema as the matching API route. Filters it cannot read are dropped (the page then
// shows the defaults and says so) rather than failing the page.

export type PageSearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function readPageQuery<S extends z.ZodType>(schema: S, searchParams: PageSearchParams) {
  const entries = Object.entries(await searchParams);
  const raw = Object.fromEntries(
    entries.flatMap(([k, v]) => (typeof v === "string" && v ? [[k, v]] : [])),
  ) as Record<string, string>;
  const parsed = schema.safeParse(raw);
  const query: z.output<S> = parsed.success ? parsed.data : schema.parse({});
  // A parameter given twice is not one filter: dropped, and said so.
  const repeated = entries.some(([, v]) => Array.isArray(v));
  return { raw, query, understood: parsed.success && !repeated };
}
