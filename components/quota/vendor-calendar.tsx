import { formatMonth } from "@/lib/domain/format";
import "./quota.css";

// The vendor's calendar for everyone: when new data comes and when on-demand fetches cannot happen.
// Times are shown in the vendor's zone (US Central), where its windows are defined.

export type VendorCalendarData = {
  timeZone: string;
  windowsPublished: boolean;
  currentPeriod: { key: string; start: string; end: string; latestReleasedMonth: string };
  nextRelease: string;
  releases: string[];
  windows: { kind: "maintenance" | "release"; start: string; end: string }[];
  onDemand: { possibleNow: boolean; reason: string; nextPossibleAt: string };
};

function format(iso: string, timeZone: string, withDate = true): string {
  return new Date(iso).toLocaleString("en-GB", {
    timeZone,
    ...(withDate ? { weekday: "short", day: "numeric", month: "short" } : {}),
    hour: "2-digit",
    minute: "2-digit",
  });
}

const KIND = { maintenance: "Maintenance", release: "Release day (until the release)" } as const;

export function VendorCalendar({
  calendar,
  compact = false,
}: {
  calendar: VendorCalendarData;
  compact?: boolean;
}) {
  const tz = calendar.timeZone;
  const windows = compact ? calendar.windows.slice(0, 3) : calendar.windows;
  return (
    <section className="card stack vendor-calendar" aria-labelledby="vendor-calendar-heading">
      <h2 id="vendor-calendar-heading">Vendor calendar</h2>
      <p className={calendar.onDemand.possibleNow ? "small" : "alert warn"} role="status">
        {calendar.onDemand.possibleNow
          ? "On-demand fetches are possible now."
          : `On-demand fetches cannot happen now: ${calendar.onDemand.reason}`}
      </p>
      <dl className="facts small">
        <dt>Next release</dt>
        <dd>
          <time dateTime={calendar.nextRelease}>{format(calendar.nextRelease, tz)} US Central</time> (data for{" "}
          {formatMonth(calendar.currentPeriod.latestReleasedMonth)} is the latest released now)
        </dd>
        {!compact && (
          <>
            <dt>Current release period</dt>
            <dd>
              {formatMonth(calendar.currentPeriod.key)}: {format(calendar.currentPeriod.start, tz)} to{" "}
              {format(calendar.currentPeriod.end, tz)} US Central (monthly quotas reset at each release)
            </dd>
            <dt>Releases after that</dt>
            <dd>
              {calendar.releases
                .slice(1)
                .map((r) => format(r, tz))
                .join(" · ")}
            </dd>
          </>
        )}
      </dl>
      {!calendar.windowsPublished ? (
        <p className="small muted">This vendor keeps no maintenance or release-day windows.</p>
      ) : windows.length === 0 ? (
        <p className="small muted">No vendor window in the coming weeks.</p>
      ) : (
        <div className="table-scroll">
          <table aria-label="Vendor windows ahead">
            <thead>
              <tr>
                <th scope="col">Window</th>
                <th scope="col">From</th>
                <th scope="col">Until (US Central)</th>
              </tr>
            </thead>
            <tbody>
              {windows.map((w) => (
                <tr key={`${w.kind}-${w.start}`}>
                  <td>{KIND[w.kind]}</td>
                  <td>
                    <time dateTime={w.start}>{format(w.start, tz)}</time>
                  </td>
                  <td>
                    <time dateTime={w.end}>{format(w.end, tz, false)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {compact && (
        <p className="small muted">
          {calendar.windowsPublished &&
            "During a window the vendor is unavailable: stored data stays readable, but nothing new can be fetched. "}
          {/* A plain link: the router would prefetch an API answer as if it were a page. */}
          <a href="/api/v1/calendar">Full calendar (JSON)</a>
        </p>
      )}
    </section>
  );
}
