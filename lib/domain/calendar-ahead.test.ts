import { describe, expect, it } from "vitest";
import { VENDOR_CALENDAR } from "./calendar";
import { releasesAhead, windowsAhead } from "./calendar-ahead";

describe("windowsAhead", () => {
  it("lists the maintenance and release windows of the coming days in Chicago time", () => {
    // 20 Nov 2026 (CST, UTC−6): next are 25 Nov maintenance, 1 Dec release day, 15 Dec maintenance.
    const w = windowsAhead(new Date("2026-11-20T18:00:00Z"), 30, VENDOR_CALENDAR);
    expect(w.map((x) => [x.kind, x.start.toISOString(), x.end.toISOString()])).toEqual([
      ["maintenance", "2026-11-25T12:00:00.000Z", "2026-11-26T04:00:00.000Z"],
      ["release", "2026-12-01T12:00:00.000Z", "2026-12-02T04:00:00.000Z"],
      ["maintenance", "2026-12-15T12:00:00.000Z", "2026-12-16T04:00:00.000Z"],
    ]);
  });

  it("includes the window under way, and none when windows are off", () => {
    const inside = new Date("2026-11-25T15:00:00Z");
    expect(windowsAhead(inside, 1, VENDOR_CALENDAR)[0]?.kind).toBe("maintenance");
    expect(windowsAhead(inside, 30, { ...VENDOR_CALENDAR, windows: false })).toEqual([]);
  });
});

describe("releasesAhead", () => {
  it("gives the next releases at 22:00 Chicago on the release day", () => {
    expect(
      releasesAhead(new Date("2026-11-20T18:00:00Z"), 2, VENDOR_CALENDAR).map((d) => d.toISOString()),
    ).toEqual(["2026-12-02T04:00:00.000Z", "2027-01-02T04:00:00.000Z"]);
  });
});
