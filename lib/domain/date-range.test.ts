import { describe, expect, it } from "vitest";
import { presetFrom, readRangePreset } from "./date-range";

describe("date-range presets", () => {
  it("reads only the known presets", () => {
    expect(readRangePreset("5y")).toBe("5y");
    expect(readRangePreset("7y")).toBeNull();
    expect(readRangePreset(undefined)).toBeNull();
  });
  it("counts whole years back from the last final month, that month included", () => {
    expect(presetFrom("1y", "2026-10-01")).toBe("2025-11");
    expect(presetFrom("5y", "2026-10-01")).toBe("2021-11");
    expect(presetFrom("10y", "2026-01-01")).toBe("2016-02");
  });
  it("shows everything for Max or without a last final", () => {
    expect(presetFrom("max", "2026-10-01")).toBeUndefined();
    expect(presetFrom("1y", null)).toBeUndefined();
    expect(presetFrom(null, "2026-10-01")).toBeUndefined();
  });
});
