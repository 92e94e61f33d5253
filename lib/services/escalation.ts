import "server-only";
import { z } from "zod";
import { escalate } from "@/lib/domain/escalation";
import type { SessionUser } from "@/lib/domain/roles";
import { listCatalogue } from "./catalogue";
import { readSeries } from "./series";

// The plant cost escalation tool: an amount at one month, escalated with a country's plant
// construction cost index to another month (forecast months included where published).
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "must be YYYY-MM");
export const escalationQuerySchema = z.object({
  code: z
    .string()
    .regex(/^\d+-\d+-\d+$/)
    .optional(),
  amount: z.coerce.number().positive().max(1e15).optional(),
  from: month.optional(),
  to: month.optional(),
});

export async function escalationTool(user: SessionUser, raw: Record<string, string | undefined>) {
  const parsed = escalationQuerySchema.safeParse(raw);
  const indices = (
    await listCatalogue({
      kind: "cost_index",
      status: "active",
      sort: "coverage",
      dir: "asc",
      page: 1,
      pageSize: 500,
    })
  ).items;
  if (!parsed.success)
    return {
      indices,
      error: parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; "),
      result: null,
      months: [],
    };
  const q = parsed.data;
  const chosen = indices.find((i) => i.code === q.code) ?? null;
  if (!chosen) return { indices, error: null, result: null, months: [] };
  const series = await readSeries(user, { service: "industry_economics", code: chosen.code }, {});
  const points = [...series.finals, ...series.forecasts];
  const months = points.map((p) => p.date.slice(0, 7));
  const result = q.amount && q.from && q.to ? escalate(q.amount, points, q.from, q.to) : null;
  const forecast = q.to ? series.forecasts.some((p) => p.date.startsWith(q.to as string)) : false;
  return {
    indices,
    error:
      q.amount && q.from && q.to && result === null
        ? "The index has no value for one of those months."
        : null,
    result:
      result === null
        ? null
        : {
            amount: q.amount as number,
            from: q.from as string,
            to: q.to as string,
            value: result,
            forecast,
            index: chosen,
          },
    months,
  };
}
