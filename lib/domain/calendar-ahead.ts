// The vendor's calendar ahead, for people: the windows of the coming days (maintenance and release
// day, in the vendor's time zone) and the releases to come. Pure: `from` is passed in.
import { TZDate } from "@date-fns/tz";
import {
  type CalendarRules,
  releaseInstant,
  releasePeriod,
  type UnavailableWindow,
  VENDOR_TIME_ZONE,
  windowAt,
} from "./calendar";

const DAY_MS = 86_400_000;

/** Every window that ends after `from` and starts within `days` days of it, in order. */
export function windowsAhead(from: Date, days: number, rules: CalendarRules): UnavailableWindow[] {
  if (!rules.windows) return [];
  const out: UnavailableWindow[] = [];
  const local = new TZDate(from.getTime(), VENDOR_TIME_ZONE);
  for (let i = 0; i <= days; i++) {
    const d = new TZDate(
      local.getFullYear(),
      local.getMonth(),
      local.getDate() + i,
      rules.windowStartHour,
      0,
      VENDOR_TIME_ZONE,
    );
    const start = new Date(d.getTime());
    const day = d.getDate();
    // A window on this day starts at the window hour; release and maintenance may both fall on it.
    const kinds: UnavailableWindow["kind"][] = [];
    if (day === rules.releaseDay) kinds.push("release");
    if (rules.maintenanceDays.includes(day)) kinds.push("maintenance");
    for (const kind of kinds) {
      const probe = windowAt(start, {
        ...rules,
        ...(kind === "release" ? { maintenanceDays: [] } : { releaseDay: 0 }),
      });
      if (probe && probe.end > from && start.getTime() - from.getTime() <= days * DAY_MS) out.push(probe);
    }
  }
  return out;
}

/** The next `n` release instants after `from`. */
export function releasesAhead(from: Date, n: number, rules: CalendarRules): Date[] {
  const current = releasePeriod(from, rules);
  return Array.from({ length: n }, (_, i) => releaseInstant(current + 1 + i, rules));
}
