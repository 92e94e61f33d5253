import { describe, expect, it } from "vitest";
import { excelNumberFormat, fieldLabel, formatMonth, formatValue, seriesDecimals, unitLabel } from "./format";

describe("formatMonth", () => {
  it("reads months as months", () => {
    expect(formatMonth("2026-11-01")).toBe("Nov 2026");
    expect(formatMonth("2007-01")).toBe("Jan 2007");
    expect(formatMonth("2026-12-01")).toBe("Dec 2026");
  });
  it("leaves what is not a month alone", () => {
    expect(formatMonth("2026-13-01")).toBe("2026-13-01");
    expect(formatMonth("latest")).toBe("latest");
  });
});

describe("seriesDecimals and formatValue", () => {
  it("takes the most decimals of the series, capped", () => {
    expect(seriesDecimals([12, 13.5, 14.25])).toBe(2);
    expect(seriesDecimals([100, 101])).toBe(0);
    expect(seriesDecimals([0.123456789])).toBe(6);
    expect(seriesDecimals([1e-7], 4)).toBe(4);
    expect(seriesDecimals([])).toBe(0);
  });
  it("writes every value of a series with the same decimals", () => {
    expect(formatValue(13.5, 2)).toBe("13.50");
    expect(formatValue(1234567.891, 2)).toBe("1,234,567.89");
    expect(formatValue(-3, 0)).toBe("-3");
  });
});

describe("unitLabel", () => {
  it("drops the vendor's N/A placeholders", () => {
    expect(unitLabel("USD", "MMBtu")).toBe("USD / MMBtu");
    expect(unitLabel("N/A", "Index")).toBe("Index");
    expect(unitLabel("NA", "n/a")).toBe("index");
    expect(unitLabel(null, undefined)).toBe("index");
  });
});

describe("excelNumberFormat and fieldLabel", () => {
  it("formats numbers with the series' decimals", () => {
    expect(excelNumberFormat(0)).toBe("#,##0");
    expect(excelNumberFormat(3)).toBe("#,##0.000");
  });
  it("turns vendor field names into words", () => {
    expect(fieldLabel("first_available_date")).toBe("First available date");
    expect(fieldLabel("regionName")).toBe("Region name");
    expect(fieldLabel("")).toBe("");
  });
});
