// Writing answers. Errors come in the simulator's own JSON shape, or — with --gateway-style — the
// way the live API gateway sends them: {"statusCode","message"} JSON, plain text or HTML.
import type { ServerResponse } from "node:http";

export type ErrorCode =
  | "bad_request"
  | "too_many_codes"
  | "unauthorized"
  | "forbidden"
  | "not_subscribed"
  | "quota_exceeded"
  | "rate_limited"
  | "maintenance"
  | "release_pending"
  | "not_found"
  | "method_not_allowed"
  | "server_error";

export class SimError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly retryAfterSeconds?: number,
    /** `gateway`: always in the gateway's shape (faults that come from the gateway or backend) */
    readonly shape?: "gateway",
  ) {
    super(message);
  }
}

const unavailablePage = (message: string) =>
  `<html><head><title>503 Service Unavailable</title></head><body><h1>Service Unavailable</h1><p>${message}</p></body></html>`;

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

function sendText(
  res: ServerResponse,
  status: number,
  type: string,
  text: string,
  headers: Record<string, string>,
) {
  res.writeHead(status, {
    "content-type": `${type}; charset=utf-8`,
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

function formatDuration(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.floor(seconds % 60);
  const hms = [h, m, s].map((n) => String(n).padStart(2, "0")).join(":");
  return d ? `${d}.${hms}` : hms;
}

export function sendError(res: ServerResponse, error: SimError, gatewayStyle: boolean): void {
  const headers: Record<string, string> = {};
  if (error.retryAfterSeconds !== undefined)
    headers["retry-after"] = String(Math.max(1, Math.ceil(error.retryAfterSeconds)));
  if (!gatewayStyle && error.shape !== "gateway") {
    sendJson(res, error.status, { status: error.status, error: error.code, message: error.message }, headers);
    return;
  }
  switch (error.code) {
    case "rate_limited":
      sendJson(
        res,
        429,
        {
          statusCode: 429,
          message: `Rate limit is exceeded. Try again in ${headers["retry-after"] ?? 1} seconds.`,
        },
        headers,
      );
      return;
    case "quota_exceeded":
      // The gateway's quota policy answers 403 with the time until the quota is replenished.
      sendJson(
        res,
        403,
        {
          statusCode: 403,
          message: `Out of call volume quota. Quota will be replenished in ${formatDuration(error.retryAfterSeconds ?? 0)}. ${error.message}`,
        },
        headers,
      );
      return;
    case "unauthorized":
      sendJson(res, 401, { statusCode: 401, message: `Unauthorized. ${error.message}` }, headers);
      return;
    case "not_subscribed":
    case "forbidden":
      sendJson(res, 403, { statusCode: 403, message: error.message }, headers);
      return;
    case "maintenance":
    case "release_pending":
      sendText(res, 503, "text/html", unavailablePage(error.message), headers);
      return;
    case "server_error":
      // A backend that is down answers through the gateway's HTML page; other failures in plain text.
      if (error.status === 503)
        sendText(res, 503, "text/html", unavailablePage("The service is temporarily unavailable."), headers);
      else sendText(res, error.status, "text/plain", "Internal Server Error", headers);
      return;
    default:
      sendText(res, error.status, "text/plain", `${error.message}`, headers);
  }
}
