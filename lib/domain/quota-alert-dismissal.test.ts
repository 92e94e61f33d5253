import { describe, expect, it } from "vitest";
import { dismissedQuotaAlerts, dismissQuotaAlerts, quotaAlertKey } from "./quota-alert-dismissal";

const daily = { meter: "daily", threshold: 80, period: "2026-11-23" };
const monthly = { meter: "series_info", threshold: 95, period: "2026-11" };

describe("quota alert dismissal", () => {
  it("remembers the crossings dismissed, and only those", () => {
    const cookie = dismissQuotaAlerts(undefined, [daily]);
    const dismissed = dismissedQuotaAlerts(cookie);
    expect(dismissed.has(quotaAlertKey(daily))).toBe(true);
    expect(dismissed.has(quotaAlertKey({ ...daily, threshold: 95 }))).toBe(false);
    expect(dismissed.has(quotaAlertKey({ ...daily, period: "2026-11-24" }))).toBe(false);
    const both = dismissedQuotaAlerts(dismissQuotaAlerts(cookie, [monthly, daily]));
    expect([...both]).toEqual([quotaAlertKey(daily), quotaAlertKey(monthly)]);
  });

  it("keeps the newest keys only, and reads a damaged cookie as none", () => {
    let cookie: string | undefined;
    for (let day = 1; day <= 30; day++)
      cookie = dismissQuotaAlerts(cookie, [{ ...daily, period: `2026-11-${day}` }]);
    const kept = dismissedQuotaAlerts(cookie);
    expect(kept.size).toBe(24);
    expect(kept.has(quotaAlertKey({ ...daily, period: "2026-11-30" }))).toBe(true);
    expect(kept.has(quotaAlertKey({ ...daily, period: "2026-11-1" }))).toBe(false);
    expect(dismissedQuotaAlerts("%E0%A4%A").size).toBe(0);
  });
});
