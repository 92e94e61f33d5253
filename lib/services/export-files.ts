import "server-only";
import ExcelJS from "exceljs";
import { excelNumberFormat } from "@/lib/domain/format";

// The files an export is written as. CSV: the table alone (header + rows, months as YYYY-MM), so
// any tool reads it. XLSX: a block naming what it holds (series, source, unit, currency, as of,
// retrieved at) above the table; months are real dates shown as "Nov 2026", values numbers with
// the data's own decimals; the header row is frozen and filterable.

export type Table = {
  name: string;
  header: string[];
  rows: (string | number | null)[][];
  /** label → value lines written above the table in XLSX */
  meta?: [string, string][];
  /** index of a column of months ("YYYY-MM"), written as dates in XLSX */
  monthColumn?: number;
  /** decimals of the value columns (XLSX number format) */
  decimals?: number;
};

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

const monthDate = (v: string | number | null) =>
  typeof v === "string" && /^\d{4}-\d{2}$/.test(v) ? new Date(`${v}-01T00:00:00Z`) : v;

export async function toXlsx(t: Table): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = "Price Atlas";
  const ws = wb.addWorksheet(t.name.slice(0, 31));
  for (const [label, value] of t.meta ?? []) {
    const row = ws.addRow([label, neutraliseFormula(value)]);
    row.getCell(1).font = { bold: true };
  }
  if (t.meta?.length) ws.addRow([]);
  const headerRow = ws.addRow(t.header);
  headerRow.font = { bold: true };
  for (const r of t.rows) {
    const cells = r.map((v, i) =>
      i === t.monthColumn ? monthDate(v) : typeof v === "string" ? neutraliseFormula(v) : v,
    );
    const row = ws.addRow(cells);
    row.eachCell((cell, col) => {
      if (col - 1 === t.monthColumn && cell.value instanceof Date) cell.numFmt = "mmm yyyy";
      else if (typeof cell.value === "number" && t.decimals !== undefined)
        cell.numFmt = excelNumberFormat(t.decimals);
    });
  }
  ws.views = [{ state: "frozen", ySplit: headerRow.number }];
  ws.autoFilter = {
    from: { row: headerRow.number, column: 1 },
    to: { row: headerRow.number, column: t.header.length },
  };
  ws.columns.forEach((col, i) => {
    col.width = i === t.monthColumn ? 12 : Math.min(48, Math.max(10, (t.header[i]?.length ?? 8) + 2));
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
