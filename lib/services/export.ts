import "server-only";
import { z } from "zod";
import { seriesDecimals, unitLabel } from "@/lib/domain/format";
import type { SessionUser } from "@/lib/domain/roles";
import {
  applyTransform,
  commonBaseMonth,
  TRANSFORM_LABELS,
  TRANSFORMS,
  type Transform,
} from "@/lib/domain/transforms";
import { badRequest } from "@/lib/http/errors";
import { ANALYSIS_EXPORTS, analysisTable } from "./analysis-export";
import { catalogueQuerySchema, listCatalogue } from "./catalogue";
import { compareRefsSchema, readComparison } from "./compare";
import { type Table, toCsv, toXlsx } from "./export-files";
import { asOfDaySchema, readSeries, seriesParamsSchema } from "./series";

// CSV and XLSX exports of a series, a comparison or a catalogue selection, built from the same
// services the pages use.

export type { Table } from "./export-files";

const format = z.enum(["csv", "xlsx"]).default("csv");
const seriesRange = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "must be YYYY-MM")
  .transform((v) => new Date(`${v}-01T00:00:00Z`));
export const exportQuerySchema = z.discriminatedUnion("kind", [
  seriesParamsSchema.extend({
    kind: z.literal("series"),
    format,
    currency: z.string().max(20).optional(),
    unit: z.string().max(20).optional(),
    transform: z.enum(TRANSFORMS).default("level"),
    from: seriesRange.optional(),
    to: seriesRange.optional(),
    base: z
      .string()
      .regex(/^\d{4}-\d{2}$/)
      .optional(),
    asOf: asOfDaySchema.optional(),
  }),
  z.object({
    kind: z.literal("compare"),
    format,
    s: compareRefsSchema,
    mode: z.enum(TRANSFORMS).default("level"),
    base: z
      .string()
      .regex(/^\d{4}-\d{2}$/)
      .optional(),
  }),
  catalogueQuerySchema.extend({
    kind: z.literal("catalogue"),
    format,
    pageSize: z.coerce.number().int().min(1).max(10_000).default(5000),
  }),
]);
export type ExportQuery = z.infer<typeof exportQuerySchema>;

const SOURCE = "Industry Economics and Energy Price API, through Price Atlas";

type Point = { date: string; value: number; preliminary?: boolean };
const kindOf = (p: Point, forecasts: Set<string>) =>
  forecasts.has(p.date) ? "forecast" : p.preliminary ? "preliminary" : "final";

/** Each month's value under the transform (a month it cannot compute is absent). */
function transformed(all: Point[], transform: Transform, base?: string): Map<string, number> {
  return new Map(applyTransform(all, transform, all, base).map((p) => [p.date, p.value]));
}

async function seriesTable(user: SessionUser, q: Extract<ExportQuery, { kind: "series" }>): Promise<Table> {
  const s = await readSeries(
    user,
    { service: q.service, code: q.code },
    { currency: q.currency, unit: q.unit, from: q.from, to: q.to, asOf: q.asOf },
  );
  const all = [...s.finals, ...s.forecasts];
  const values = transformed(all, q.transform, q.base);
  const forecasts = new Set(s.forecasts.map((p) => p.date));
  const unit = unitLabel(s.currency, s.unit);
  return {
    name: `${s.code}`,
    meta: [
      ["Series", `${s.code} — ${s.assessment}`],
      ["Service", s.service],
      ["Source", SOURCE],
      ["Currency", s.currency],
      ["Unit", s.unit],
      ["Values", q.transform === "level" ? unit : TRANSFORM_LABELS[q.transform]],
      ["As of", s.asOf ?? `latest (vendor update ${s.updatedAt ?? "unknown"})`],
      ["Retrieved at", new Date().toISOString()],
    ],
    header: ["month", "kind", q.transform === "level" ? `value (${unit})` : q.transform],
    monthColumn: 0,
    decimals: q.transform === "level" ? seriesDecimals(all.map((p) => p.value)) : 2,
    // Months a transform cannot compute (no month a year earlier, say) are left out.
    rows: all
      .filter((p) => values.has(p.date))
      .map((p) => [p.date.slice(0, 7), kindOf(p, forecasts), values.get(p.date) ?? null]),
  };
}

/** A comparison as the page shows it: levels or the same transform (rebased at the same month). */
async function compareTable(user: SessionUser, q: Extract<ExportQuery, { kind: "compare" }>): Promise<Table> {
  const c = await readComparison(user, q.s);
  const base = q.base ?? commonBaseMonth(c.series);
  const columns = c.series.map((s) => {
    const all = [...s.finals, ...s.forecasts];
    const forecasts = new Set(s.forecasts.map((p) => p.date));
    return {
      s,
      values: transformed(all, q.mode, base),
      kinds: new Map(all.map((p) => [p.date, kindOf(p, forecasts)])),
    };
  });
  const months = [...new Set(columns.flatMap((col) => [...col.values.keys()]))].sort();
  const label = q.mode === "level" ? "levels, each in its own unit" : TRANSFORM_LABELS[q.mode];
  return {
    name: "comparison",
    meta: [
      ["Comparison", c.series.map((s) => `${s.code} — ${s.assessment}`).join("; ")],
      ["Source", SOURCE],
      ["Values", q.mode === "rebase" ? `${label}, = 100 at ${base}` : label],
      ...c.problems.map((p) => ["Left out", `${p.code}: ${p.message}`] as [string, string]),
      ["Retrieved at", new Date().toISOString()],
    ],
    header: [
      "month",
      ...columns.flatMap(({ s }) => [
        q.mode === "level" ? `${s.code} (${unitLabel(s.currency, s.unit)})` : `${s.code} (${q.mode})`,
        `${s.code} kind`,
      ]),
    ],
    monthColumn: 0,
    decimals:
      q.mode === "level"
        ? seriesDecimals(c.series.flatMap((s) => [...s.finals, ...s.forecasts].map((p) => p.value)))
        : 2,
    rows: months.map((m) => [
      m.slice(0, 7),
      ...columns.flatMap((col) => [
        col.values.get(m) ?? null,
        col.values.has(m) ? (col.kinds.get(m) ?? null) : null,
      ]),
    ]),
  };
}

async function tableFor(user: SessionUser, q: ExportQuery): Promise<Table> {
  if (q.kind === "series") return seriesTable(user, q);
  if (q.kind === "compare") return compareTable(user, q);
  const { kind: _k, format: _f, ...query } = q;
  const list = await listCatalogue(query);
  return {
    name: "catalogue",
    header: [
      "service",
      "code",
      "assessment",
      "commodity",
      "country",
      "location",
      "specification",
      "currency",
      "unit",
      "status",
      "updated",
    ],
    rows: list.items.map((a) => [
      a.service,
      a.code,
      a.assessment,
      a.commodity,
      a.coverage,
      a.location,
      a.specification,
      a.defaultCurrency,
      a.defaultUnit,
      a.status,
      a.upstreamUpdatedAt,
    ]),
  };
}

export async function exportFile(user: SessionUser, raw: Record<string, string>) {
  if ((ANALYSIS_EXPORTS as readonly string[]).includes(raw.kind ?? "")) {
    const format = raw.format === "xlsx" ? "xlsx" : "csv";
    return fileOf(await analysisTable(raw), format);
  }
  const parsed = exportQuerySchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(`${issue?.path.join(".") || "kind"}: ${issue?.message}`, {
      field: issue?.path.join("."),
    });
  }
  return fileOf(await tableFor(user, parsed.data), parsed.data.format);
}

async function fileOf(table: Table, format: "csv" | "xlsx") {
  const stamp = new Date().toISOString().slice(0, 10);
  const name = table.name.replace(/[^\w.-]+/g, "-");
  const filename = `price-atlas-${name}-${stamp}.${format}`;
  return format === "csv"
    ? { filename, contentType: "text/csv; charset=utf-8", body: toCsv(table) as string | Buffer }
    : {
        filename,
        contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        body: await toXlsx(table),
      };
}
