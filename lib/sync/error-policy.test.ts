import { describe, expect, it } from "vitest";
import { retryableNow, UpstreamError, type UpstreamErrorKind } from "@/lib/upstream/errors";
import { errorEffect } from "./error-policy";

const now = new Date("2026-11-20T18:00:00Z");
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

// kind, retried by the client outside a window, inside one, then what it means for the run
const TABLE: [UpstreamErrorKind, boolean, boolean, string, string | null][] = [
  ["rate_limited", true, true, "pause", at(5)],
  ["server_error", true, true, "pause", at(5)],
  ["network", true, true, "pause", at(5)],
  ["timeout", true, true, "pause", at(5)],
  ["unavailable", true, false, "pause", at(15)],
  ["window", false, false, "pause", at(15)],
  ["quota_reached", false, false, "pause", at(60)],
  ["bad_response", false, false, "fail-batch", null],
  ["forbidden", false, false, "fail-batch", null],
  ["bad_request", false, false, "fail-batch", null],
  ["too_many_codes", false, false, "fail-batch", null],
  ["not_found", false, false, "fail-batch", null],
  ["budget", false, false, "skip-batch", null],
  ["unauthorized", false, false, "fail-run", null],
];

describe("what a vendor error means", () => {
  it.each(TABLE)(
    "%s: retried now %s (outside a window) / %s (inside); then %s",
    (kind, outside, inside, effect, retryAt) => {
      const error = new UpstreamError(kind, "x");
      expect(retryableNow(error, false)).toBe(outside);
      expect(retryableNow(error, true)).toBe(inside);
      const decided = errorEffect(error, now);
      expect(decided.effect).toBe(effect);
      expect("retryAt" in decided ? decided.retryAt.toISOString() : null).toBe(retryAt);
    },
  );

  it("resumes at the vendor's own time when it gives one", () => {
    const retryAt = new Date("2026-11-20T22:00:00Z");
    expect(errorEffect(new UpstreamError("window", "x", { retryAt }), now)).toMatchObject({ retryAt });
    expect(
      errorEffect(new UpstreamError("unavailable", "x", { retryAfterMs: 3_600_000 }), now),
    ).toMatchObject({
      retryAt: new Date(now.getTime() + 3_600_000),
    });
  });
});
