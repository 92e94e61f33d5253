import { describe, expect, it } from "vitest";
import { toCsv, toXlsx } from "./export-files";

describe("toCsv", () => {
  it("neutralises text cells a spreadsheet would run as formulas", () => {
    const csv = toCsv({
      name: "t",
      header: ["a", "b"],
      rows: [
        ['=HYPERLINK("http://evil","x")', "+1+1"],
        ["-2+3", "@SUM(A1)"],
        ["\tcmd", "\r=1"],
        ["plain", "a=b"],
      ],
    });
    const lines = csv.split("\r\n");
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://evil"",""x"")",'+1+1`);
    expect(lines[2]).toBe("'-2+3,'@SUM(A1)");
    expect(lines[3]).toBe(`'\tcmd,"'\r=1"`);
    expect(lines[4]).toBe("plain,a=b");
  });

  it("leaves numbers as numbers, negative ones too", () => {
    const csv = toCsv({
      name: "t",
      header: ["month", "value"],
      rows: [
        ["2024-01", -12.5],
        ["2024-02", 3],
        ["2024-03", null],
      ],
    });
    expect(csv).toBe("month,value\r\n2024-01,-12.5\r\n2024-02,3\r\n2024-03,\r\n");
  });
});

describe("toXlsx", () => {
  it("writes the metadata block, months as real dates and values with the data's decimals", async () => {
    const ExcelJS = (await import("exceljs")).default;
    const buffer = await toXlsx({
      name: "68520-8-1",
      meta: [
        ["Series", "68520-8-1 — Electricity, industrial"],
        ["Retrieved at", "2026-11-23T10:00:00.000Z"],
      ],
      header: ["month", "kind", "value (USD / MWh)"],
      rows: [
        ["2026-09", "final", 81.25],
        ["2026-10", "forecast", 82.5],
      ],
      monthColumn: 0,
      decimals: 2,
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buffer as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws?.getCell("A1").value).toBe("Series");
    expect(ws?.getCell("B1").value).toBe("68520-8-1 — Electricity, industrial");
    expect(ws?.getRow(4).values).toEqual([undefined, "month", "kind", "value (USD / MWh)"]);
    const month = ws?.getCell("A5");
    expect(month?.value).toEqual(new Date("2026-09-01T00:00:00Z"));
    expect(month?.numFmt).toBe("mmm yyyy");
    expect(ws?.getCell("C6").value).toBe(82.5);
    expect(ws?.getCell("C6").numFmt).toBe("#,##0.00");
    expect(ws?.getCell("B6").value).toBe("forecast");
    expect(ws?.views[0]).toMatchObject({ state: "frozen", ySplit: 4 });
  });
});
