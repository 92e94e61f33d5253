import "server-only";
import { z } from "zod";
import { badRequest } from "@/lib/http/errors";
import { estimateQuerySchema, runEstimate } from "./estimate";
import type { Table } from "./export";
import { locationFactorsQuerySchema, locationFactorsRelative } from "./location-factors";
import { seriesParamsSchema } from "./series";
import { seriesForecastAccuracy, vintagesMatrix } from "./vintages";

// Exports of the analyses (CSV/XLSX through /api/v1/export): the same services as the pages.
export const ANALYSIS_EXPORTS = ["location-factors", "estimate", "vintages", "forecast-accuracy"] as const;

const schema = z.discriminatedUnion("kind", [
  locationFactorsQuerySchema.extend({ kind: z.literal("location-factors") }),
  estimateQuerySchema.extend({ kind: z.literal("estimate") }),
  seriesParamsSchema.extend({ kind: z.literal("vintages") }),
  seriesParamsSchema.extend({ kind: z.literal("forecast-accuracy") }),
]);

export async function analysisTable(raw: Record<string, string>): Promise<Table> {
  const { format: _f, ...rest } = raw;
  const parsed = schema.safeParse(rest);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(`${issue?.path.join(".") || "kind"}: ${issue?.message}`, {
      field: issue?.path.join("."),
    });
  }
  const q = parsed.data;
  if (q.kind === "location-factors") {
    const d = await locationFactorsRelative(q);
    return {
      name: `location-factors-${d.base}-${d.month}`,
      header: [
        "country",
        `factor (${d.base} = 1)`,
        "method",
        "via",
        "month used",
        "base month used",
        "codes",
      ],
      rows: d.items.map((i) => [
        i.country,
        i.value,
        i.method,
        i.via,
        i.month,
        i.baseMonth,
        i.codes.join(" "),
      ]),
    };
  }
  if (q.kind === "estimate") {
    const { kind: _k, ...query } = q;
    const e = await runEstimate(query);
    const rows: Table["rows"] = e.steps.map((s) =>
      s.step === "escalate"
        ? [
            "escalate",
            s.codes.join(" "),
            `${s.from.month}${s.from.forecast ? " (forecast)" : ""}`,
            s.from.value,
            `${s.to.month}${s.to.forecast ? " (forecast)" : ""}`,
            s.to.value,
            s.ratio,
            s.amount,
          ]
        : ["relocate", s.codes.join(" "), s.from, s.factorMonth, s.to, s.baseFactorMonth, s.factor, s.amount],
    );
    return {
      name: "estimate",
      header: [
        "step",
        "series",
        "from",
        "value",
        "to",
        "value",
        "ratio / factor",
        `amount (${query.currency})`,
      ],
      rows: [["start", "", query.month, null, query.country, null, null, query.amount], ...rows],
    };
  }
  if (q.kind === "vintages") {
    const m = await vintagesMatrix(q);
    return {
      name: `${m.code}-vintages`,
      header: ["month", ...m.dates.map((d) => `vintage ${d.slice(0, 10)}`)],
      rows: m.rows,
    };
  }
  const a = await seriesForecastAccuracy(q);
  return {
    name: `${a.code}-forecast-accuracy`,
    header: ["vintage", "last final", "month", "horizon", "forecast", "final", "error %"],
    rows: a.vintages.flatMap((v) =>
      v.points.map((p) => [
        v.date.slice(0, 10),
        v.lastFinal,
        p.month,
        p.horizon,
        p.forecast,
        p.final,
        p.errorPct,
      ]),
    ),
  };
}
