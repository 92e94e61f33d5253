import { describe, expect, it } from "vitest";
import {
  latestReleasedMonth,
  nextAllowedTime,
  nextReleaseAfter,
  releasePeriod,
  VENDOR_CALENDAR,
  vendorDay,
  windowAt,
} from "./calendar";
import { monthIndex, monthToKey } from "./months";

const rules = { ...VENDOR_CALENDAR, releaseDay: 1, releaseAt: { hour: 10, minute: 0 } };
const at = (iso: string) => new Date(iso);

describe("vendor calendar (America/Chicago)", () => {
  it.each([
    // 15 Nov 2026 is CST (UTC-6): 06:00 local = 12:00Z, 22:00 local = 04:00Z next day
    ["2026-11-15T11:59:00Z", null],
    ["2026-11-15T12:00:00Z", "maintenance"],
    ["2026-11-16T03:59:00Z", "maintenance"],
    ["2026-11-16T04:00:00Z", null],
    // 25 Jul 2026 is CDT (UTC-5): 06:00 local = 11:00Z
    ["2026-07-25T10:59:00Z", null],
    ["2026-07-25T11:00:00Z", "maintenance"],
    ["2026-07-26T02:59:00Z", "maintenance"],
    ["2026-07-26T03:00:00Z", null],
    // release day: 06:00 until the 10:00 release
    ["2026-12-01T12:30:00Z", "release"],
    ["2026-12-01T16:00:00Z", null],
    ["2026-12-02T12:30:00Z", null],
  ])("at %s the window is %s", (iso, kind) => {
    expect(windowAt(at(iso), rules)?.kind ?? null).toBe(kind);
  });

  it("handles the daylight-saving change (8 Mar 2026) without hand offsets", () => {
    const dst = { ...rules, maintenanceDays: [8] };
    // 8 Mar 2026 02:00 CST becomes 03:00 CDT; 06:00 that day is CDT = 11:00Z
    expect(windowAt(at("2026-03-08T10:59:00Z"), dst)).toBeNull();
    expect(windowAt(at("2026-03-08T11:00:00Z"), dst)?.kind).toBe("maintenance");
  });

  it("gives the end of the window as the next allowed time", () => {
    expect(nextAllowedTime(at("2026-11-25T15:00:00Z"), rules).toISOString()).toBe("2026-11-26T04:00:00.000Z");
    const free = at("2026-11-22T15:00:00Z");
    expect(nextAllowedTime(free, rules)).toBe(free);
  });

  it("moves the release period at the release, not at midnight", () => {
    expect(monthToKey(releasePeriod(at("2026-12-01T15:59:00Z"), rules))).toBe("2026-11");
    expect(monthToKey(releasePeriod(at("2026-12-01T16:00:00Z"), rules))).toBe("2026-12");
    expect(latestReleasedMonth(at("2026-11-22T12:00:00Z"), rules)).toBe(monthIndex(2026, 10));
    expect(nextReleaseAfter(at("2026-11-22T12:00:00Z"), rules).toISOString()).toBe(
      "2026-12-01T16:00:00.000Z",
    );
  });

  it("assumes the 22:00 deadline when the release time is unknown", () => {
    expect(windowAt(at("2026-12-02T03:30:00Z"), VENDOR_CALENDAR)?.kind).toBe("release");
    expect(windowAt(at("2026-12-02T04:00:00Z"), VENDOR_CALENDAR)).toBeNull();
  });

  it("counts days in vendor time", () => {
    expect(vendorDay(at("2026-11-23T05:00:00Z"))).toBe("2026-11-22");
    expect(vendorDay(at("2026-11-23T06:00:00Z"))).toBe("2026-11-23");
  });

  it("keeps no windows when told so", () => {
    expect(windowAt(at("2026-11-15T15:00:00Z"), { ...rules, windows: false })).toBeNull();
  });
});
