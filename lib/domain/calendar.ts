// The vendor's calendar in US Central Time: maintenance windows (06:00–22:00 on the 15th and
// 25th), release-day unavailability (06:00 until the release, at the latest 22:00), and the
// release periods that monthly quotas follow. Wall-clock times go through a time-zone library so
// daylight saving is handled; nothing here reads the clock.
import { TZDate } from "@date-fns/tz";
import { type MonthIndex, monthIndex, monthYear } from "./months";

export const VENDOR_TIME_ZONE = "America/Chicago";

export type CalendarRules = {
  /** false: no windows at all (the bundled demo simulator keeps none). */
  windows: boolean;
  maintenanceDays: readonly number[];
  windowStartHour: number;
  windowEndHour: number;
  releaseDay: number;
  /** When the release is published. A client that cannot know it assumes the 22:00 deadline. */
  releaseAt: { hour: number; minute: number };
};

export const VENDOR_CALENDAR: CalendarRules = {
  windows: true,
  maintenanceDays: [15, 25],
  windowStartHour: 6,
  windowEndHour: 22,
  releaseDay: 1,
  releaseAt: { hour: 22, minute: 0 },
};

export type UnavailableWindow = { kind: "maintenance" | "release"; start: Date; end: Date };

function wallClock(year: number, month: number, day: number, hour: number, minute = 0): Date {
  return new Date(new TZDate(year, month - 1, day, hour, minute, VENDOR_TIME_ZONE).getTime());
}

function localParts(at: Date) {
  const local = new TZDate(at.getTime(), VENDOR_TIME_ZONE);
  return { year: local.getFullYear(), month: local.getMonth() + 1, day: local.getDate() };
}

/** The windows of the vendor-local day that contains `at`. */
function windowsOfDay(at: Date, rules: CalendarRules): UnavailableWindow[] {
  if (!rules.windows) return [];
  const { year, month, day } = localParts(at);
  const out: UnavailableWindow[] = [];
  if (day === rules.releaseDay) {
    out.push({
      kind: "release",
      start: wallClock(year, month, day, rules.windowStartHour),
      end: wallClock(year, month, day, rules.releaseAt.hour, rules.releaseAt.minute),
    });
  }
  if (rules.maintenanceDays.includes(day)) {
    out.push({
      kind: "maintenance",
      start: wallClock(year, month, day, rules.windowStartHour),
      end: wallClock(year, month, day, rules.windowEndHour),
    });
  }
  return out;
}

/** The window `at` falls in, if any (the longest when two overlap). */
export function windowAt(at: Date, rules: CalendarRules): UnavailableWindow | null {
  const hits = windowsOfDay(at, rules).filter((w) => at >= w.start && at < w.end);
  hits.sort((a, b) => b.end.getTime() - a.end.getTime());
  return hits[0] ?? null;
}

/** `at` itself when the vendor is available then, else the end of the window it falls in. */
export function nextAllowedTime(at: Date, rules: CalendarRules): Date {
  let t = at;
  for (let i = 0; i < 4; i++) {
    const w = windowAt(t, rules);
    if (!w) return t;
    t = w.end;
  }
  return t;
}

export function releaseInstant(month: MonthIndex, rules: CalendarRules): Date {
  const { year, month: m } = monthYear(month);
  return wallClock(year, m, rules.releaseDay, rules.releaseAt.hour, rules.releaseAt.minute);
}

/** The month of the latest release at or before `at`; monthly quotas follow these periods. */
export function releasePeriod(at: Date, rules: CalendarRules): MonthIndex {
  const { year, month } = localParts(at);
  const current = monthIndex(year, month);
  return at >= releaseInstant(current, rules) ? current : current - 1;
}

/** The latest concluded month whose values the vendor has released by `at`. */
export function latestReleasedMonth(at: Date, rules: CalendarRules): MonthIndex {
  return releasePeriod(at, rules) - 1;
}

export function nextReleaseAfter(at: Date, rules: CalendarRules): Date {
  return releaseInstant(releasePeriod(at, rules) + 1, rules);
}

/** The vendor-local calendar day, YYYY-MM-DD: the daily quota's period. */
export function vendorDay(at: Date): string {
  const { year, month, day } = localParts(at);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Start of the next vendor-local day (when the daily quota resets). */
export function nextVendorDayStart(at: Date): Date {
  const { year, month, day } = localParts(at);
  return wallClock(year, month, day + 1, 0);
}
