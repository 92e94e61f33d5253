import { describe, expect, it } from "vitest";
import { formatPercent, summarizeLatest } from "./value-change";

const d = (ym: string) => new Date(`${ym}-01T00:00:00Z`);
const row = { currency: "USD", unit: "MMBtu", month: d("2026-09"), value: 11, previous: 10 };

describe("summarizeLatest", () => {
  it("compares with the value the user saw at the last visit when it differs", () => {
    const s = summarizeLatest({ ...row, seenMonth: d("2026-08"), seenValue: 10 });
    expect(s.month).toBe("2026-09");
    expect(s.change).toMatchObject({ basis: "visit", from: 10, fromMonth: "2026-08", delta: 1 });
    expect(s.change?.percent).toBeCloseTo(10);
    // A revision of the same month counts too.
    expect(summarizeLatest({ ...row, seenMonth: d("2026-09"), seenValue: 12 }).change?.basis).toBe("visit");
  });

  it("falls back to the month before when nothing changed since the visit, or there was none", () => {
    expect(summarizeLatest({ ...row, seenMonth: d("2026-09"), seenValue: 11 }).change?.basis).toBe("month");
    expect(summarizeLatest({ ...row, seenMonth: null, seenValue: null }).change).toMatchObject({
      basis: "month",
      from: 10,
    });
    expect(summarizeLatest({ ...row, previous: null, seenMonth: null, seenValue: null }).change).toBeNull();
    expect(
      summarizeLatest({ ...row, value: null, month: null, seenMonth: null, seenValue: null }),
    ).toMatchObject({
      value: null,
      change: null,
    });
  });

  it("formats percentages with a sign", () => {
    expect(formatPercent(1.234)).toBe("+1.2 %");
    expect(formatPercent(-0.44)).toBe("−0.4 %");
    expect(formatPercent(0.01)).toBe("±0 %");
    expect(formatPercent(null)).toBe("—");
  });
});
