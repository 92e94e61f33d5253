import { describe, expect, it } from "vitest";
import {
  excelNumberFormat,
  fieldLabel,
  formatDateTime,
  formatMonth,
  formatValue,
  seriesDecimals,
  unitLabel,
} from "./format";

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

describe("formatDateTime", () => {
  it("reads an instant in UTC, the same in every locale and zone", () => {
    expect(formatDateTime("2026-11-23T15:27:44.512Z")).toBe("23 Nov 2026, 15:27 UTC");
    expect(formatDateTime(new Date(Date.UTC(2026, 0, 5, 4, 3, 9)))).toBe("5 Jan 2026, 04:03 UTC");
    expect(formatDateTime("2026-12-31T23:59:59-06:00")).toBe("1 Jan 2027, 05:59 UTC");
  });
  it("can leave the zone off and show seconds", () => {
    expect(formatDateTime("2026-11-23T15:27:44Z", { zone: false })).toBe("23 Nov 2026, 15:27");
    expect(formatDateTime("2026-11-23T15:27:44Z", { seconds: true })).toBe("23 Nov 2026, 15:27:44 UTC");
  });
  it("shows a dash for nothing or nonsense", () => {
    expect(formatDateTime(null)).toBe("—");
    expect(formatDateTime(undefined)).toBe("—");
    expect(formatDateTime("not a date")).toBe("—");
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
