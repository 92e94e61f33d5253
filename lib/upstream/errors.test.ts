import { describe, expect, it } from "vitest";
import { classifyHttpError, retryAfterMs } from "./errors";

const h = (o: Record<string, string> = {}) => new Headers(o);

describe("error taxonomy", () => {
  it.each([
    [
      429,
      {},
      '{"status":429,"error":"rate_limited","message":"Rate limit of 10 requests per second per operation exceeded."}',
      "rate_limited",
    ],
    [
      429,
      {},
      '{"statusCode":429,"message":"Rate limit is exceeded. Try again in 1 seconds."}',
      "rate_limited",
    ],
    [429, {}, '{"message":"Monthly quota limit reached for dataset Germany"}', "quota_reached"],
    [
      403,
      {},
      '{"statusCode":403,"message":"Out of call volume quota. Quota will be replenished in 2.03:04:05."}',
      "quota_reached",
    ],
    [403, {}, "Code 1-1-1 is outside your subscription.", "forbidden"],
    [401, {}, '{"statusCode":401,"message":"Unauthorized. Token expired."}', "unauthorized"],
    [400, {}, "Too many codes: 41 requested, at most 40 per call.", "too_many_codes"],
    [503, {}, "<html><body><h1>Service Unavailable</h1></body></html>", "unavailable"],
    [502, {}, "Bad gateway", "server_error"],
  ])("%i %s → %s", (status, headers, body, kind) => {
    expect(classifyHttpError(status, h(headers), body).kind).toBe(kind);
  });

  it("reads Retry-After in seconds, as a date, and from the gateway's messages", () => {
    expect(retryAfterMs(h({ "retry-after": "3" }), "")).toBe(3000);
    expect(retryAfterMs(h({ "retry-after": new Date(10_000).toUTCString() }), "", 4000)).toBe(6000);
    expect(retryAfterMs(h(), "Try again in 7 seconds.")).toBe(7000);
    expect(retryAfterMs(h(), "Quota will be replenished in 1.02:00:30.")).toBe(((24 + 2) * 3600 + 30) * 1000);
  });
});
