// The series page's date-range presets (pure): 1, 5 or 10 years back from the last final month,
// or everything. Kept in the URL as `range=5y`, so a view can be shared.
import { monthToKey, parseMonth } from "./months";

export const RANGE_PRESETS = ["1y", "5y", "10y", "max"] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const RANGE_LABELS: Record<RangePreset, string> = { "1y": "1Y", "5y": "5Y", "10y": "10Y", max: "Max" };

export function readRangePreset(value: string | undefined): RangePreset | null {
  return RANGE_PRESETS.includes(value as RangePreset) ? (value as RangePreset) : null;
}

/**
 * The first month ("YYYY-MM") a preset shows: the last final month and the 11, 59 or 119 before
 * it (forecasts after it stay shown). Undefined for "max" or when the last final is unknown.
 */
export function presetFrom(
  preset: RangePreset | null,
  lastFinal: string | null | undefined,
): string | undefined {
  if (!preset || preset === "max" || !lastFinal) return undefined;
  const last = parseMonth(lastFinal.slice(0, 7));
  if (last === null) return undefined;
  return monthToKey(last - (Number.parseInt(preset, 10) * 12 - 1));
}
