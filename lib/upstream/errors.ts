import "server-only";
// The client's error taxonomy, mapped from status and body of either the simulator's JSON errors
// or the live gateway's (`{"statusCode","message"}`, plain text, HTML).
export type UpstreamErrorKind =
  | "rate_limited" // 429 rate: wait Retry-After and retry
  | "quota_reached" // daily or monthly quota: nothing to do until it resets
  | "unavailable" // maintenance or release pending: wait until the window ends
  | "too_many_codes"
  | "bad_request"
  | "unauthorized"
  | "forbidden" // outside the subscription
  | "not_found"
  | "bad_response" // unparseable or semantically bad data
  | "server_error"
  | "network"
  | "timeout"
  | "budget" // refused locally: the call would exceed a budget or the reserve
  | "window"; // refused locally: inside a maintenance or release window

export class UpstreamError extends Error {
  override name = "UpstreamError";
  constructor(
    readonly kind: UpstreamErrorKind,
    message: string,
    readonly options: { status?: number; retryAfterMs?: number; retryAt?: Date } = {},
  ) {
    super(message);
  }
  get status() {
    return this.options.status;
  }
  /** Worth retrying within the same run after a short wait. */
  get transient(): boolean {
    return ["rate_limited", "server_error", "network", "timeout"].includes(this.kind);
  }
}

/**
 * Whether the client retries this error itself, after a short wait: what a moment may fix. A 503
 * outside the published windows is such a fault; inside one it is maintenance (the run pauses).
 */
export function retryableNow(error: UpstreamError, insideWindow: boolean): boolean {
  return error.transient || (error.kind === "unavailable" && !insideWindow);
}

/** Retry-After in seconds or as an HTTP date; the gateway also says "Try again in N seconds". */
export function retryAfterMs(headers: Headers, message: string, now = Date.now()): number | undefined {
  const header = headers.get("retry-after");
  if (header) {
    if (/^\d+(\.\d+)?$/.test(header.trim())) return Math.ceil(Number(header) * 1000);
    const at = Date.parse(header);
    if (!Number.isNaN(at)) return Math.max(0, at - now);
  }
  const seconds = /try again in (\d+) seconds?/i.exec(message);
  if (seconds) return Number(seconds[1]) * 1000;
  const span = /replenished in (?:(\d+)\.)?(\d{1,2}):(\d{2}):(\d{2})/i.exec(message);
  if (span) {
    const [, d, h, m, s] = span.map((x) => Number(x ?? 0));
    return ((((d ?? 0) * 24 + (h ?? 0)) * 60 + (m ?? 0)) * 60 + (s ?? 0)) * 1000;
  }
  return undefined;
}

/** The human message of an error body, whatever its shape (JSON, text, HTML). */
export function errorMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    const message = parsed.message ?? parsed.error ?? parsed.detail;
    if (typeof message === "string") return message;
  } catch {
    // not JSON
  }
  const text = body
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.slice(0, 300) || "(empty body)";
}

const QUOTA = /quota|call volume|limit (?:has been |is )?reached|exhausted/i;

export function classifyHttpError(status: number, headers: Headers, body: string): UpstreamError {
  const message = errorMessage(body);
  const retry = retryAfterMs(headers, message);
  const opts = { status, retryAfterMs: retry };
  if (status === 429) {
    return QUOTA.test(message) && !/rate limit/i.test(message)
      ? new UpstreamError("quota_reached", message, opts)
      : new UpstreamError("rate_limited", message, opts);
  }
  if (status === 403 && QUOTA.test(message)) return new UpstreamError("quota_reached", message, opts);
  if (status === 403) return new UpstreamError("forbidden", message, opts);
  if (status === 401) return new UpstreamError("unauthorized", message, opts);
  if (status === 400 && /40 codes|too many codes|more than \d+ codes/i.test(message))
    return new UpstreamError("too_many_codes", message, opts);
  if (status === 400) return new UpstreamError("bad_request", message, opts);
  if (status === 404) return new UpstreamError("not_found", message, opts);
  if (status === 503) return new UpstreamError("unavailable", message, opts);
  return new UpstreamError("server_error", message, opts);
}
