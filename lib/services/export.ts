import "server-only";
import ExcelJS from "exceljs";
import { z } from "zod";
import type { SessionUser } from "@/lib/domain/roles";
import { applyTransform, TRANSFORMS } from "@/lib/domain/transforms";
import { badRequest } from "@/lib/http/errors";
import { ANALYSIS_EXPORTS, analysisTable } from "./analysis-export";
import { catalogueQuerySchema, listCatalogue } from "./catalogue";
import { compareRefsSchema, readComparison } from "./compare";
import { readSeries, seriesParamsSchema } from "./series";

// CSV and XLSX exports of a series, a comparison or a catalogue selection, built from the same
// services the pages use.

export type Table = { name: string; header: string[]; rows: (string | number | null)[][] };

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
  }),
  z.object({ kind: z.literal("compare"), format, s: compareRefsSchema }),
  catalogueQuerySchema.extend({
    kind: z.literal("catalogue"),
    format,
    pageSize: z.coerce.number().int().min(1).max(10_000).default(5000),
  }),
]);
export type ExportQuery = z.infer<typeof exportQuerySchema>;

async function tableFor(user: SessionUser, q: ExportQuery): Promise<Table> {
  if (q.kind === "series") {
    const s = await readSeries(
      user,
      { service: q.service, code: q.code },
      { currency: q.currency, unit: q.unit, from: q.from, to: q.to },
    );
    const all = [...s.finals, ...s.forecasts];
    const values = new Map(applyTransform(all, q.transform, all, q.base).map((p) => [p.date, p.value]));
    return {
      name: `${s.code}`,
      header: ["month", "kind", q.transform === "level" ? `value (${s.currency}/${s.unit})` : q.transform],
      // Months a transform cannot compute (no month a year earlier, say) are left out.
      rows: all
        .filter((p) => values.has(p.date))
        .map((p) => [
          p.date.slice(0, 7),
          s.forecasts.includes(p as never)
            ? "forecast"
            : "preliminary" in p && p.preliminary
              ? "preliminary"
              : "final",
          values.get(p.date) ?? null,
        ]),
    };
  }
  if (q.kind === "compare") {
    const c = await readComparison(user, q.s);
    const months = [
      ...new Set(c.series.flatMap((s) => [...s.finals, ...s.forecasts].map((p) => p.date))),
    ].sort();
    const maps = c.series.map((s) => new Map([...s.finals, ...s.forecasts].map((p) => [p.date, p.value])));
    return {
      name: "comparison",
      header: ["month", ...c.series.map((s) => `${s.code} (${s.currency}/${s.unit})`)],
      rows: months.map((m) => [m.slice(0, 7), ...maps.map((map) => map.get(m) ?? null)]),
    };
  }
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

/**
 * A text cell a spreadsheet would read as a formula (=, +, -, @, tab, CR first) gets a leading
 * apostrophe, so an assessment name or note from the vendor cannot run as one. Numbers stay numbers.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function toCsv(t: Table): string {
  const cell = (v: string | number | null) => {
    if (v === null) return "";
    const s = typeof v === "number" ? String(v) : neutraliseFormula(v);
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return `${[t.header, ...t.rows].map((r) => r.map(cell).join(",")).join("\r\n")}\r\n`;
}

export async function toXlsx(t: Table): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = "Price Atlas";
  const ws = wb.addWorksheet(t.name.slice(0, 31));
  ws.addRow(t.header).font = { bold: true };
  for (const r of t.rows) ws.addRow(r);
  ws.views = [{ state: "frozen", ySplit: 1 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
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
