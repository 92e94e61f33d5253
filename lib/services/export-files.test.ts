import { describe, expect, it } from "vitest";
import { toCsv } from "./export";

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
