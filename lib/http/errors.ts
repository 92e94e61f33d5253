import "server-only";
// One error shape for the whole API: {"error": {"code", "message", "details?"}} with the right
// status. Services throw AppError subclasses; the route wrapper turns them into responses.

export type ErrorCode =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "password_change_required"
  | "payload_too_large"
  | "unsupported_media_type"
  | "unprocessable"
  | "rate_limited"
  | "quota_exhausted"
  | "upstream_unavailable"
  | "upstream_error"
  /** the vendor does not serve it to this subscription */
  | "not_in_subscription"
  /** the vendor no longer lists it */
  | "not_published"
  /** the vendor refused the login */
  | "upstream_login"
  | "internal";

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new AppError(400, "bad_request", message, details);
export const unauthorized = (message = "Sign in to continue.") => new AppError(401, "unauthorized", message);
export const forbidden = (message = "You do not have permission to do that.") =>
  new AppError(403, "forbidden", message);
export const notFound = (message: string) => new AppError(404, "not_found", message);
export const conflict = (message: string, details?: unknown) =>
  new AppError(409, "conflict", message, details);

/** 422: the request is well formed but the stored data cannot answer it (the reason says why). */
export const unprocessable = (message: string, details?: unknown) =>
  new AppError(422, "unprocessable", message, details);

export type ErrorBody = { error: { code: ErrorCode; message: string; details?: unknown } };

export function errorBody(error: AppError): ErrorBody {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.details === undefined ? {} : { details: error.details }),
    },
  };
}
