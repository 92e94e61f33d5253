// Every API route of the app with one harmless request each: an invalid body or an id that does not
// exist, so a caller that gets through reaches the handler (`reached`) and still writes nothing.
// The security suites (integration and e2e) loop over this table × every kind of caller.
export type Access = "public" | "user" | "admin";
export type RouteCase = {
  /** the route file under app/api */
  file: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  params?: Record<string, string | string[]>;
  access: Access;
  body?: unknown;
  /** status once every check passed */
  reached: number;
  /** personal tokens refused (token management, own-account changes) */
  sessionOnly?: boolean;
};

export const ROUTES: RouteCase[] = [
  { file: "health/route.ts", method: "GET", path: "/api/health", access: "public", reached: 200 },
  { file: "health/live/route.ts", method: "GET", path: "/api/health/live", access: "public", reached: 200 },
  {
    file: "v1/catalogue/route.ts",
    method: "GET",
    path: "/api/v1/catalogue?pageSize=1",
    access: "user",
    reached: 200,
  },
  {
    file: "v1/series/[service]/[code]/route.ts",
    method: "GET",
    path: "/api/v1/series/industry_economics/999-9-9",
    params: { service: "industry_economics", code: "999-9-9" },
    access: "user",
    reached: 404,
  },
  { file: "v1/limits/route.ts", method: "GET", path: "/api/v1/limits", access: "user", reached: 200 },
  // Quota history and the vendor calendar (a dataset no report names is a 404).
  {
    file: "v1/limits/history/route.ts",
    method: "GET",
    path: "/api/v1/limits/history?service=energy_price&dataset=No%20such%20dataset",
    access: "user",
    reached: 404,
  },
  { file: "v1/calendar/route.ts", method: "GET", path: "/api/v1/calendar", access: "user", reached: 200 },
  {
    file: "admin/limits/refresh/route.ts",
    method: "POST",
    path: "/api/admin/limits/refresh",
    access: "admin",
    body: { now: true },
    reached: 400,
  },
  {
    file: "admin/quota/thresholds/route.ts",
    method: "GET",
    path: "/api/admin/quota/thresholds",
    access: "admin",
    reached: 200,
  },
  {
    file: "admin/quota/thresholds/route.ts",
    method: "PUT",
    path: "/api/admin/quota/thresholds",
    access: "admin",
    body: { thresholds: [101] },
    reached: 400,
  },
  { file: "v1/export/route.ts", method: "GET", path: "/api/v1/export", access: "user", reached: 400 },
  { file: "v1/bookmarks/route.ts", method: "GET", path: "/api/v1/bookmarks", access: "user", reached: 200 },
  // The analyses: harmless reads (an unknown base, a missing amount, a code that does not exist).
  {
    file: "v1/location-factors/route.ts",
    method: "GET",
    path: "/api/v1/location-factors?month=2026-13",
    access: "user",
    reached: 400,
  },
  {
    file: "v1/tools/estimate/route.ts",
    method: "GET",
    path: "/api/v1/tools/estimate",
    access: "user",
    reached: 400,
  },
  {
    file: "v1/forecast-accuracy/route.ts",
    method: "GET",
    path: "/api/v1/forecast-accuracy?horizon=0",
    access: "user",
    reached: 400,
  },
  {
    file: "v1/series/[service]/[code]/vintages/route.ts",
    method: "GET",
    path: "/api/v1/series/industry_economics/999-9-9/vintages",
    params: { service: "industry_economics", code: "999-9-9" },
    access: "user",
    reached: 404,
  },
  {
    file: "v1/series/[service]/[code]/forecast-accuracy/route.ts",
    method: "GET",
    path: "/api/v1/series/industry_economics/999-9-9/forecast-accuracy",
    params: { service: "industry_economics", code: "999-9-9" },
    access: "user",
    reached: 404,
  },
  {
    file: "v1/openapi.json/route.ts",
    method: "GET",
    path: "/api/v1/openapi.json",
    access: "user",
    reached: 200,
  },
  {
    file: "v1/bookmarks/route.ts",
    method: "POST",
    path: "/api/v1/bookmarks",
    access: "user",
    body: { name: "" },
    reached: 400,
  },
  {
    file: "v1/bookmarks/[id]/route.ts",
    method: "PATCH",
    path: "/api/v1/bookmarks/nope",
    params: { id: "nope" },
    access: "user",
    body: { name: "x" },
    reached: 404,
  },
  {
    file: "v1/bookmarks/[id]/route.ts",
    method: "DELETE",
    path: "/api/v1/bookmarks/nope",
    params: { id: "nope" },
    access: "user",
    reached: 404,
  },
  {
    file: "v1/bookmarks/[id]/items/route.ts",
    method: "POST",
    path: "/api/v1/bookmarks/nope/items",
    params: { id: "nope" },
    access: "user",
    body: { service: "nope" },
    reached: 400,
  },
  {
    file: "v1/bookmarks/[id]/items/[itemId]/route.ts",
    method: "DELETE",
    path: "/api/v1/bookmarks/nope/items/nope",
    params: { id: "nope", itemId: "nope" },
    access: "user",
    reached: 404,
  },
  {
    file: "v1/tokens/route.ts",
    method: "GET",
    path: "/api/v1/tokens",
    access: "user",
    reached: 200,
    sessionOnly: true,
  },
  {
    file: "v1/tokens/route.ts",
    method: "POST",
    path: "/api/v1/tokens",
    access: "user",
    body: { name: "" },
    reached: 400,
    sessionOnly: true,
  },
  {
    file: "v1/tokens/[id]/route.ts",
    method: "DELETE",
    path: "/api/v1/tokens/nope",
    params: { id: "nope" },
    access: "user",
    reached: 404,
    sessionOnly: true,
  },
  {
    file: "v1/account/password/route.ts",
    method: "POST",
    path: "/api/v1/account/password",
    access: "user",
    body: { currentPassword: "" },
    reached: 400,
    sessionOnly: true,
  },
  {
    file: "v1/account/sessions/route.ts",
    method: "POST",
    path: "/api/v1/account/sessions",
    access: "user",
    body: { signOut: "nowhere" },
    reached: 400,
    sessionOnly: true,
  },
  { file: "admin/users/route.ts", method: "GET", path: "/api/admin/users", access: "admin", reached: 200 },
  {
    file: "admin/users/route.ts",
    method: "POST",
    path: "/api/admin/users",
    access: "admin",
    body: { email: "not-an-email" },
    reached: 400,
  },
  {
    file: "admin/users/[id]/route.ts",
    method: "PATCH",
    path: "/api/admin/users/nope",
    params: { id: "nope" },
    access: "admin",
    body: { role: "owner" },
    reached: 400,
  },
  {
    file: "admin/settings/route.ts",
    method: "GET",
    path: "/api/admin/settings",
    access: "admin",
    reached: 200,
  },
  {
    file: "admin/settings/route.ts",
    method: "PATCH",
    path: "/api/admin/settings",
    access: "admin",
    body: { unknownSetting: 1 },
    reached: 400,
  },
  {
    file: "admin/notifications/route.ts",
    method: "GET",
    path: "/api/admin/notifications",
    access: "admin",
    reached: 200,
  },
  {
    file: "admin/notifications/route.ts",
    method: "PUT",
    path: "/api/admin/notifications",
    access: "admin",
    body: {},
    reached: 400,
  },
  {
    file: "admin/notifications/test/route.ts",
    method: "POST",
    path: "/api/admin/notifications/test",
    access: "admin",
    body: { channel: "fax" },
    reached: 400,
  },
  {
    file: "v1/notifications/route.ts",
    method: "GET",
    path: "/api/v1/notifications?unread=true",
    access: "user",
    reached: 200,
  },
  {
    file: "v1/notifications/read/route.ts",
    method: "POST",
    path: "/api/v1/notifications/read",
    access: "user",
    body: {},
    reached: 400,
  },
  {
    file: "v1/bookmarks/[id]/notifications/route.ts",
    method: "PUT",
    path: "/api/v1/bookmarks/nope/notifications",
    params: { id: "nope" },
    access: "user",
    body: { email: false, webhook: false },
    reached: 404,
  },
  {
    file: "admin/on-demand/route.ts",
    method: "GET",
    path: "/api/admin/on-demand",
    access: "admin",
    reached: 200,
  },
  {
    file: "admin/on-demand/route.ts",
    method: "PATCH",
    path: "/api/admin/on-demand",
    access: "admin",
    body: { perUserDaily: -1 },
    reached: 400,
  },
  { file: "admin/sync/route.ts", method: "GET", path: "/api/admin/sync", access: "admin", reached: 200 },
  {
    file: "admin/sync/progress/route.ts",
    method: "GET",
    path: "/api/admin/sync/progress",
    access: "admin",
    reached: 200,
  },
  {
    file: "admin/datasets/route.ts",
    method: "GET",
    path: "/api/admin/datasets",
    access: "admin",
    reached: 200,
  },
  {
    file: "admin/datasets/route.ts",
    method: "PUT",
    path: "/api/admin/datasets",
    access: "admin",
    body: { service: "energy_price", coverage: "Nowhere", dataset: "Nothing" },
    reached: 404,
  },
  {
    file: "admin/datasets/route.ts",
    method: "DELETE",
    path: "/api/admin/datasets",
    access: "admin",
    body: { service: "energy_price", coverage: "Nowhere" },
    reached: 404,
  },
  {
    file: "admin/sync/route.ts",
    method: "POST",
    path: "/api/admin/sync",
    access: "admin",
    body: { dryRun: "yes" },
    reached: 400,
  },
  {
    file: "admin/sync/runs/[id]/route.ts",
    method: "GET",
    path: "/api/admin/sync/runs/nope",
    params: { id: "nope" },
    access: "admin",
    reached: 404,
  },
  // The admin reading views and the metrics endpoint (an admin token carries the admin scope).
  {
    file: "admin/calls/route.ts",
    method: "GET",
    path: "/api/admin/calls?pageSize=1",
    access: "admin",
    reached: 200,
  },
  {
    file: "admin/audit/route.ts",
    method: "GET",
    path: "/api/admin/audit?pageSize=1",
    access: "admin",
    reached: 200,
  },
  {
    file: "admin/sync/runs/route.ts",
    method: "GET",
    path: "/api/admin/sync/runs",
    access: "admin",
    reached: 200,
  },
  { file: "metrics/route.ts", method: "GET", path: "/api/metrics", access: "admin", reached: 200 },
];

/** Route files the table deliberately leaves out, and why. */
export const NOT_IN_TABLE: Record<string, string> = {
  "auth/[...nextauth]/route.ts":
    "next-auth's own endpoints (CSRF token of their own); the e2e suite signs in",
};

export type CallerKind =
  | "none"
  | "viewer"
  | "admin"
  | "read token"
  | "admin token"
  | "foreign origin"
  | "wrong content type"
  | "oversized body";

export const CALLERS: CallerKind[] = [
  "none",
  "viewer",
  "admin",
  "read token",
  "admin token",
  "foreign origin",
  "wrong content type",
  "oversized body",
];

const mutating = (r: RouteCase) => r.method !== "GET";

/** The status a caller must get; null when the combination does not apply (a GET has no body). */
export function expectedStatus(r: RouteCase, caller: CallerKind): number | null {
  switch (caller) {
    case "none":
      return r.access === "public" ? r.reached : 401;
    case "viewer":
      return r.access === "admin" ? 403 : r.reached;
    case "admin":
      return r.reached;
    case "read token":
      if (r.access === "public") return r.reached;
      return r.sessionOnly || r.access === "admin" || mutating(r) ? 403 : r.reached;
    case "admin token":
      // scopes read + admin: no write scope for /api/v1 changes, and no token management
      if (r.access === "public") return r.reached;
      return r.sessionOnly || (r.access === "user" && mutating(r)) ? 403 : r.reached;
    case "foreign origin":
      // a viewer's cookie sent from another site
      if (r.access === "public") return r.reached;
      if (mutating(r)) return 403;
      return r.access === "admin" ? 403 : r.reached;
    case "wrong content type":
      // an admin's own page sending text/plain
      if (!mutating(r)) return null;
      return r.body === undefined ? r.reached : 415;
    case "oversized body":
      return mutating(r) ? 413 : null;
  }
}
