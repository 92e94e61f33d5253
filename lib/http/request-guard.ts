import "server-only";
// Checks every state-changing request passes before anything else reads it: a same-origin browser
// request (cookies alone are not enough: SameSite=Lax still lets top-level cross-site POSTs and
// same-site subdomains through), a JSON content type, and a body of at most MAX_JSON_BYTES.
import { AppError } from "./errors";

export const MAX_JSON_BYTES = 1024 * 1024;

type HeaderSource = { get(name: string): string | null };

/** The origins this app answers on: the request's own (its Host) and the configured public URL. */
export function ownOrigins(requestUrl: string, headers: HeaderSource, publicUrl?: string): Set<string> {
  const url = new URL(requestUrl);
  const origins = new Set([url.origin]);
  const host = headers.get("host");
  if (host) origins.add(`${url.protocol}//${host}`);
  if (publicUrl) origins.add(new URL(publicUrl).origin);
  return origins;
}

/**
 * True when a browser says the request comes from one of our own pages: Sec-Fetch-Site
 * `same-origin`, or (older browsers) an Origin header naming one of our origins. A request with
 * neither is not from a page of ours.
 */
export function isSameOrigin(headers: HeaderSource, origins: Set<string>): boolean {
  const site = headers.get("sec-fetch-site");
  const origin = headers.get("origin");
  if (site && site !== "same-origin") return false;
  if (origin) return origin !== "null" && origins.has(origin);
  return site === "same-origin";
}

export function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  const type = value.split(";")[0]?.trim().toLowerCase();
  return type === "application/json" || Boolean(type?.match(/^application\/[a-z0-9.+-]+\+json$/));
}

export const tooLarge = () =>
  new AppError(413, "payload_too_large", `The request body is larger than ${MAX_JSON_BYTES / 1024} kB.`);
export const notJson = () =>
  new AppError(415, "unsupported_media_type", "Send the request body as Content-Type: application/json.");
export const crossSite = () =>
  new AppError(403, "forbidden", "This change must come from a Price Atlas page (or use an API token).");

/** A declared Content-Length above the cap. */
export function declaresTooLarge(headers: HeaderSource, max = MAX_JSON_BYTES): boolean {
  const length = Number(headers.get("content-length") ?? "");
  return Number.isFinite(length) && length > max;
}

/** The body as text, refusing it once it passes `max` bytes (whatever Content-Length said). */
export async function readCappedText(request: Request, max = MAX_JSON_BYTES): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
