import "server-only";
import { z } from "zod";
import { codeSchema } from "@/lib/domain/codes";
import type { SessionUser } from "@/lib/domain/roles";
import { serviceSchema } from "@/lib/domain/services";
import { AppError } from "@/lib/http/errors";
import { readSeries, type SeriesView } from "./series";

// A comparison: up to 10 series, from `s=service:code,service:code`.
export const MAX_COMPARE = 10;
const ref = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const [service, code] = v.split(":");
    const s = serviceSchema.safeParse(service);
    const c = codeSchema.safeParse(code);
    if (!s.success || !c.success) {
      ctx.addIssue({ code: "custom", message: `"${v}" is not service:code` });
      return z.NEVER;
    }
    return { service: s.data, code: c.data };
  });
export const compareRefsSchema = z
  .string()
  .max(2000)
  .transform((v) => v.split(",").filter(Boolean))
  .pipe(z.array(ref).min(1, "name at least one series").max(MAX_COMPARE, `at most ${MAX_COMPARE} series`));
export type CompareRef = z.output<typeof compareRefsSchema>[number];

/**
 * The page's reading of `s`: each entry on its own, so one mistyped entry is reported (and can be
 * removed) while the others are compared. Entries past the tenth are reported too.
 */
export function splitCompareRefs(raw: string): {
  refs: (CompareRef & { entry: string })[];
  invalid: string[];
} {
  const refs: (CompareRef & { entry: string })[] = [];
  const invalid: string[] = [];
  for (const entry of raw
    .slice(0, 2000)
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean)) {
    const parsed = ref.safeParse(entry);
    if (parsed.success && refs.length < MAX_COMPARE) refs.push({ ...parsed.data, entry });
    else invalid.push(entry);
  }
  return { refs, invalid };
}

export type ComparisonProblem = { entry: string; code: string; message: string };

/** The series, read side by side; one that cannot be read is a problem, not a failure. */
export async function readComparison(user: SessionUser, refs: (CompareRef & { entry?: string })[]) {
  const read = await Promise.all(
    refs.map(async (r) => {
      try {
        return { series: await readSeries(user, r, {}) };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const problem: ComparisonProblem = {
          entry: r.entry ?? `${r.service}:${r.code}`,
          code: r.code,
          message: error.message,
        };
        return { problem };
      }
    }),
  );
  return {
    series: read.flatMap((r) => (r.series ? [r.series] : [])) as SeriesView[],
    problems: read.flatMap((r) => (r.problem ? [r.problem] : [])),
  };
}
