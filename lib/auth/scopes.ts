import "server-only";
import { z } from "zod";

// What a personal API token may do. `read`: GET requests. `write`: changes under /api/v1 (bookmarks).
// `admin`: the admin API, for admins only and only when chosen. `metrics`: GET /api/metrics only
// (for a Prometheus scraper), for admins only. No token may manage tokens.
export const TOKEN_SCOPES = ["read", "write", "admin", "metrics"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
/** Scopes only an admin may put on a token. */
export const ADMIN_ONLY_SCOPES: readonly TokenScope[] = ["admin", "metrics"];
export const tokenScopeSchema = z.enum(TOKEN_SCOPES);

/** The scope a request needs: admin routes `admin`, other changes `write`, reads `read`. */
export function requiredScope(access: "public" | "user" | "admin", method: string): TokenScope {
  if (access === "admin") return "admin";
  return isMutating(method) ? "write" : "read";
}

export function isMutating(method: string): boolean {
  return !["GET", "HEAD", "OPTIONS"].includes(method.toUpperCase());
}

export function scopeAllows(scopes: readonly string[], needed: TokenScope | readonly TokenScope[]): boolean {
  // `admin` is for the admin API only: an admin's everyday reads need `read` too.
  return (typeof needed === "string" ? [needed] : needed).some((s) => scopes.includes(s));
}
