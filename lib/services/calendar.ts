import "server-only";
import {
  latestReleasedMonth,
  nextAllowedTime,
  releaseInstant,
  releasePeriod,
  VENDOR_TIME_ZONE,
  windowAt,
} from "@/lib/domain/calendar";
import { releasesAhead, windowsAhead } from "@/lib/domain/calendar-ahead";
import { monthToKey } from "@/lib/domain/months";
import { upstreamConfigured, vendorCalendar } from "@/lib/sync/upstream";

// The vendor's calendar for everyone: when new data comes, and when on-demand fetches cannot
// happen (the vendor is down on maintenance days and on release day until the release).

const DAYS_AHEAD = 45;

export function calendarView(now = new Date()) {
  const rules = vendorCalendar();
  const period = releasePeriod(now, rules);
  const current = windowAt(now, rules);
  const configured = upstreamConfigured();
  const iso = (d: Date) => d.toISOString();
  return {
    now: iso(now),
    timeZone: VENDOR_TIME_ZONE,
    windowsPublished: rules.windows,
    currentPeriod: {
      key: monthToKey(period),
      start: iso(releaseInstant(period, rules)),
      end: iso(releaseInstant(period + 1, rules)),
      latestReleasedMonth: monthToKey(latestReleasedMonth(now, rules)),
    },
    nextRelease: iso(releaseInstant(period + 1, rules)),
    releases: releasesAhead(now, 3, rules).map(iso),
    windows: windowsAhead(now, DAYS_AHEAD, rules).map((w) => ({
      kind: w.kind,
      start: iso(w.start),
      end: iso(w.end),
    })),
    onDemand: {
      possibleNow: configured && !current,
      reason: !configured
        ? "No vendor is configured."
        : current
          ? `The vendor is unavailable (${current.kind === "release" ? "release day" : "maintenance"}) until ${iso(current.end)}.`
          : "The vendor is available.",
      nextPossibleAt: iso(nextAllowedTime(now, rules)),
    },
  };
}
export type CalendarView = ReturnType<typeof calendarView>;
