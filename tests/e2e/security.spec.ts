import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, type Page, type PlaywrightWorkerArgs, test } from "@playwright/test";
import { CALLERS, type CallerKind, expectedStatus, ROUTES } from "../helpers/security-routes";
import { ADMIN, login, sameOrigin } from "./helpers";

// The security suite over HTTP with real sessions and tokens: every API route and every page ×
// no session, a viewer, an admin, a read token, an admin token, a foreign origin, a wrong content
// type and an oversized body; statuses as in tests/helpers/security-routes.ts, and nothing written.
test.describe.configure({ mode: "serial" });

const stamp = Date.now();
const who = {
  viewer: { email: `sec-viewer-${stamp}@example.com`, password: "sec-viewer-password" },
  admin: { email: `sec-admin-${stamp}@example.com`, password: "sec-admin-password" },
};
let viewerPage: Page;
let adminPage: Page;
let anonymous: APIRequestContext;
let readToken: APIRequestContext;
let adminToken: APIRequestContext;

async function tokenContext(page: Page, scopes: string[], playwright: PlaywrightWorkerArgs["playwright"]) {
  const res = await page.request.post("/api/v1/tokens", {
    data: { name: `sec-${scopes.join("-")}`, scopes },
    headers: sameOrigin(page),
  });
  expect(res.status()).toBe(201);
  const { token } = (await res.json()) as { token: string };
  return playwright.request.newContext({
    baseURL: new URL(page.url()).origin,
    extraHTTPHeaders: { authorization: `Bearer ${token}` },
  });
}

test.beforeAll(async ({ browser, playwright }) => {
  const setup = await browser.newPage();
  await login(setup, ADMIN);
  for (const [role, u] of [
    ["viewer", who.viewer],
    ["admin", who.admin],
  ] as const) {
    const res = await setup.request.post("/api/admin/users", {
      data: { ...u, role },
      headers: sameOrigin(setup),
    });
    expect(res.status()).toBe(200);
  }
  await setup.close();
  viewerPage = await (await browser.newContext()).newPage();
  adminPage = await (await browser.newContext()).newPage();
  await login(viewerPage, who.viewer);
  await login(adminPage, who.admin);
  readToken = await tokenContext(viewerPage, ["read"], playwright);
  adminToken = await tokenContext(adminPage, ["read", "admin"], playwright);
  anonymous = await playwright.request.newContext({ baseURL: new URL(viewerPage.url()).origin });
});

/** What the matrix could change: the two accounts' tokens and lists, the settings, the users. */
async function snapshot() {
  const get = async (page: Page, url: string) => (await page.request.get(url)).json();
  const users = (await get(adminPage, "/api/admin/users")) as { items: { email: string }[] };
  const strip = (v: unknown) => JSON.stringify(v, (k, x) => (k === "lastUsedAt" ? undefined : x));
  return strip([
    await get(viewerPage, "/api/v1/tokens"),
    await get(adminPage, "/api/v1/tokens"),
    ((await get(viewerPage, "/api/v1/bookmarks")) as { items: { mine: boolean }[] }).items.filter(
      (l) => l.mine,
    ),
    await get(adminPage, "/api/admin/settings"),
    users.items.filter((u) => u.email.startsWith("sec-") || !u.email.includes("@")),
  ]);
}

async function send(route: (typeof ROUTES)[number], caller: CallerKind) {
  const origin = new URL(viewerPage.url()).origin;
  const foreign = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };
  const json = route.body === undefined ? undefined : JSON.stringify(route.body);
  let ctx: APIRequestContext = anonymous;
  let headers: Record<string, string> = {};
  let data: string | undefined = json;
  if (json) headers["content-type"] = "application/json";
  if (caller === "viewer" || caller === "foreign origin") ctx = viewerPage.request;
  if (caller === "admin" || caller === "wrong content type" || caller === "oversized body")
    ctx = adminPage.request;
  if (caller === "read token") ctx = readToken;
  if (caller === "admin token") ctx = adminToken;
  if (["viewer", "admin", "wrong content type", "oversized body"].includes(caller))
    headers = { ...headers, origin, "sec-fetch-site": "same-origin" };
  if (caller === "foreign origin") headers = { ...headers, ...foreign };
  if (caller === "wrong content type" && json) headers["content-type"] = "text/plain";
  if (caller === "oversized body") {
    data = JSON.stringify({ name: "x".repeat(2 * 1024 * 1024) });
    headers["content-type"] = "application/json";
  }
  return ctx.fetch(route.path, { method: route.method, headers, data, maxRedirects: 0 });
}

test("every API route answers every kind of caller as it must, and nothing is written", async () => {
  test.setTimeout(180_000);
  const before = await snapshot();
  const table: string[] = [];
  const wrong: string[] = [];
  for (const route of ROUTES) {
    const row: string[] = [];
    for (const caller of CALLERS) {
      const expected = expectedStatus(route, caller);
      if (expected === null) {
        row.push("—");
        continue;
      }
      const res = await send(route, caller);
      row.push(String(res.status()));
      if (res.status() !== expected)
        wrong.push(`${route.method} ${route.path} · ${caller}: ${res.status()} (want ${expected})`);
    }
    table.push(
      `${route.method.padEnd(6)} ${route.path.padEnd(44)} ${row.map((s) => s.padStart(4)).join(" ")}`,
    );
  }
  console.log(`callers: ${CALLERS.join(" | ")}\n${table.join("\n")}`);
  expect(wrong).toEqual([]);
  expect(await snapshot()).toBe(before);
});

const PAGES: { path: string; admin?: boolean; public?: boolean; file: string }[] = [
  { path: "/", file: "(app)/page.tsx" },
  { path: "/catalogue", file: "(app)/catalogue/page.tsx" },
  { path: "/compare", file: "(app)/compare/page.tsx" },
  { path: "/location-factors", file: "(app)/location-factors/page.tsx" },
  { path: "/tools", file: "(app)/tools/page.tsx" },
  { path: "/forecast-accuracy", file: "(app)/forecast-accuracy/page.tsx" },
  { path: "/reference", file: "(app)/reference/page.tsx" },
  { path: "/bookmarks", file: "(app)/bookmarks/page.tsx" },
  { path: "/notifications", file: "(app)/notifications/page.tsx" },
  { path: "/account", file: "(app)/account/page.tsx" },
  { path: "/series/industry_economics/999-9-9", file: "(app)/series/[service]/[code]/page.tsx" },
  { path: "/admin", admin: true, file: "(app)/admin/page.tsx" },
  { path: "/admin/overview", admin: true, file: "(app)/admin/overview/page.tsx" },
  { path: "/admin/users", admin: true, file: "(app)/admin/users/page.tsx" },
  { path: "/admin/quota", admin: true, file: "(app)/admin/quota/page.tsx" },
  { path: "/admin/calls", admin: true, file: "(app)/admin/calls/page.tsx" },
  { path: "/admin/runs", admin: true, file: "(app)/admin/runs/page.tsx" },
  { path: "/admin/runs/nope", admin: true, file: "(app)/admin/runs/[id]/page.tsx" },
  { path: "/admin/audit", admin: true, file: "(app)/admin/audit/page.tsx" },
  { path: "/admin/notifications", admin: true, file: "(app)/admin/notifications/page.tsx" },
  { path: "/login", public: true, file: "login/page.tsx" },
  { path: "/password", file: "password/page.tsx" },
];

function pageFiles(dir: string, prefix = ""): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "api" ? [] : pageFiles(full, `${prefix}${name}/`);
    return name === "page.tsx" ? [`${prefix}${name}`] : [];
  });
}

test("every page: anonymous and token callers go to the login page, viewers stay out of admin", async () => {
  const covered = new Set(PAGES.map((p) => p.file));
  expect(pageFiles(path.join(process.cwd(), "app")).filter((f) => !covered.has(f))).toEqual([]);
  const rows: string[] = [];
  for (const p of PAGES) {
    const status = async (ctx: APIRequestContext, headers: Record<string, string> = {}) => {
      const res = await ctx.get(p.path, { maxRedirects: 0, headers });
      const to = res.headers().location ?? "";
      return res.status() >= 300 && res.status() < 400
        ? to.includes("/login")
          ? "login"
          : `→${to}`
        : res.status();
    };
    const anon = await status(anonymous);
    const viewer = await status(viewerPage.request);
    const admin = await status(adminPage.request);
    const token = await status(readToken);
    const foreign = await status(viewerPage.request, {
      "sec-fetch-site": "cross-site",
      origin: "https://evil.example",
    });
    rows.push(
      `${p.path.padEnd(38)} none=${anon} viewer=${viewer} admin=${admin} token=${token} foreign=${foreign}`,
    );
    if (p.public) {
      expect(anon).toBe(200);
      continue;
    }
    expect(anon).toBe("login");
    expect(token).toBe("login");
    const notFound = p.path.startsWith("/series/") || p.path.startsWith("/admin/runs/") ? 404 : 200;
    // "/" is the home page now (it used to redirect to the catalogue).
    const pageOk = notFound;
    expect(viewer).toEqual(p.admin ? 403 : pageOk);
    expect(foreign).toEqual(p.admin ? 403 : pageOk);
    if (p.path !== "/admin") expect(admin).toEqual(pageOk);
  }
  console.log(rows.join("\n"));
});

test("pages carry a nonce-based Content-Security-Policy they pass, and no HSTS over plain http", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(m.text())) violations.push(m.text());
  });
  page.on("pageerror", (e) => violations.push(String(e)));
  const res = await page.goto("/login");
  const csp = res?.headers()["content-security-policy"] ?? "";
  const script = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
  expect(script).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
  expect(script).not.toContain("unsafe-inline");
  expect(res?.headers()["strict-transport-security"]).toBeUndefined();
  // The static headers of next.config.ts, which the server takes from the build's resolved configuration.
  for (const headers of [res?.headers() ?? {}, (await page.request.get("/api/health/live")).headers()]) {
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["x-powered-by"]).toBeUndefined();
  }
  const again = await page.request.get("/login");
  expect(again.headers()["content-security-policy"]).not.toBe(csp); // a fresh nonce per page
  await login(page, ADMIN);
  for (const path of [
    "/",
    "/catalogue",
    "/compare",
    "/location-factors",
    "/tools",
    "/forecast-accuracy",
    "/reference",
    "/bookmarks",
    "/account",
    "/admin/quota",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  }
  await page.goto("/admin/overview");
  await expect(page.getByRole("navigation", { name: "Admin sections" })).toBeVisible();
  // the app is interactive (its scripts ran): client navigation works
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Catalogue" }).click();
  await expect(page).toHaveURL(/\/catalogue/);
  expect(violations).toEqual([]);
  await context.close();
});

test("after sign-in, a callback URL can only lead to a page of this site", async ({ browser }) => {
  for (const callback of [
    "/\\evil.example",
    "/\t/evil.example", // what /%09/evil.example decodes to
    "http://x//evil.example",
    "https://evil.example/",
  ]) {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`/login?callbackUrl=${encodeURIComponent(callback)}`);
    await page.getByLabel("Email").fill(who.viewer.email);
    await page.getByLabel("Password").fill(who.viewer.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible({ timeout: 30_000 });
    expect(new URL(page.url()).host).toBe(new URL(viewerPage.url()).host);
    await page.context().close();
  }
});

test("the local command-line token reaches the sync endpoints only", async ({ playwright }) => {
  const port = new URL(viewerPage.url()).port;
  const token = readFileSync(path.join(process.cwd(), `data/e2e-${port}`, ".cli-token"), "utf8").trim();
  const cli = await playwright.request.newContext({
    baseURL: new URL(viewerPage.url()).origin,
    extraHTTPHeaders: { authorization: `Bearer ${token}` },
  });
  expect((await cli.get("/api/admin/sync")).status()).toBe(200);
  expect((await cli.get("/api/admin/users")).status()).toBe(403);
  expect((await cli.get("/api/v1/catalogue?pageSize=1")).status()).toBe(403);
  await cli.dispose();
});
