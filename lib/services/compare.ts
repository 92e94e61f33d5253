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

export async function readComparison(user: SessionUser, refs: CompareRef[]) {
  const series: SeriesView[] = [];
  const problems: { code: string; message: string }[] = [];
  for (const r of refs) {
    try {
      series.push(await readSeries(user, r, {}));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      problems.push({ code: r.code, message: error.message });
    }
  }
  return { series, problems };
}
