import "server-only";
// What a vendor error means for a sync run — the one place that decides. By then the client has
// already retried what a short wait can fix (429 rate, 5xx, a 503 outside the published windows,
// a dropped connection, a time-out) within its retry budget; what reaches here has persisted.
import type { UpstreamError } from "@/lib/upstream/errors";

export type ErrorEffect =
  /** this batch cannot succeed as asked (bad data, outside the subscription, a bad request) */
  | { effect: "fail-batch"; reason: string }
  /** our own budget refused it: the batch waits for the next period */
  | { effect: "skip-batch"; reason: string }
  /** the vendor is unavailable or the quota is spent: the run waits and resumes by itself */
  | { effect: "pause"; reason: string; retryAt: Date }
  /** nothing a later attempt fixes without an admin (the login is refused) */
  | { effect: "fail-run"; reason: string };

const MINUTE = 60_000;

export function errorEffect(error: UpstreamError, now: Date): ErrorEffect {
  const reason = `${error.kind}: ${error.message}`;
  const after = (ms: number) => new Date(now.getTime() + ms);
  switch (error.kind) {
    case "bad_response":
    case "forbidden":
    case "bad_request":
    case "too_many_codes":
    case "not_found":
      return { effect: "fail-batch", reason };
    case "budget":
      return { effect: "skip-batch", reason: error.message };
    case "unauthorized":
      return { effect: "fail-run", reason };
    case "window":
    case "unavailable":
      return {
        effect: "pause",
        reason,
        retryAt: error.options.retryAt ?? after(Math.max(error.options.retryAfterMs ?? 0, 15 * MINUTE)),
      };
    case "quota_reached":
      return {
        effect: "pause",
        reason,
        retryAt: error.options.retryAt ?? after(Math.max(error.options.retryAfterMs ?? 0, 60 * MINUTE)),
      };
    case "rate_limited":
    case "server_error":
    case "network":
    case "timeout":
      // Persisted through the client's retries: try again a little later.
      return {
        effect: "pause",
        reason,
        retryAt: after(Math.max(error.options.retryAfterMs ?? 0, 5 * MINUTE)),
      };
  }
}
