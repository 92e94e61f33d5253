// Every API route × every kind of caller: the status each must get, and that nothing was written.
// Route handlers are called directly; the session cookie is stood in for by a mocked session
// (the e2e suite repeats the matrix over HTTP with real sessions).
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { issueApiToken } from "@/lib/auth/api-tokens";
import { prisma } from "@/lib/db/client";
import type { SessionUser } from "@/lib/domain/roles";
import { addUser } from "@/lib/services/users";
import { installTestDatabase, type TestDatabase } from "../helpers/database";
import {
  CALLERS,
  type CallerKind,
  expectedStatus,
  NOT_IN_TABLE,
  ROUTES,
  type RouteCase,
} from "../helpers/security-routes";

const session = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("@/lib/auth/session", () => ({
  currentUser: async () => session.user,
  requireUser: async () => session.user,
  requireAdmin: async () => session.user,
}));

const ORIGIN = "http://atlas.test";
let db: TestDatabase;
let viewer: SessionUser;
let admin: SessionUser;
let readToken: string;
let adminToken: string;

beforeAll(async () => {
  db = await installTestDatabase();
  const v = await addUser(null, { email: "viewer@sec.test", password: "viewer-password", role: "viewer" });
  const a = await addUser(null, { email: "admin@sec.test", password: "admin-password", role: "admin" });
  viewer = { id: v.id, email: v.email, name: null, role: "viewer" };
  admin = { id: a.id, email: a.email, name: null, role: "admin" };
  readToken = (await issueApiToken(v.id, "read", null, ["read"])).token;
  adminToken = (await issueApiToken(a.id, "admin", null, ["read", "admin"])).token;
});
afterAll(async () => {
  await db.drop();
});

/** What a caller may change: everything but "last used" stamps and the audit of failed logins. */
async function snapshot() {
  const p = prisma();
  return JSON.stringify(
    await Promise.all([
      p.user.findMany({ orderBy: { id: "asc" }, omit: { lastLoginAt: true } }),
      p.apiToken.findMany({ orderBy: { id: "asc" }, omit: { lastUsedAt: true } }),
      p.bookmarkList.findMany({ orderBy: { id: "asc" } }),
      p.bookmarkItem.findMany({ orderBy: { id: "asc" } }),
      p.setting.findMany({ orderBy: { key: "asc" } }),
      p.syncRun.count(),
      p.auditLog.count(),
    ]),
    (_k, v) => (typeof v === "bigint" ? String(v) : v),
  );
}

function requestFor(r: RouteCase, caller: CallerKind): { request: Request; sessionUser: SessionUser | null } {
  const headers = new Headers({ host: "atlas.test" });
  let sessionUser: SessionUser | null = null;
  let body: string | undefined = r.body === undefined ? undefined : JSON.stringify(r.body);
  const sameOrigin = () => {
    headers.set("origin", ORIGIN);
    headers.set("sec-fetch-site", "same-origin");
  };
  if (body !== undefined) headers.set("content-type", "application/json");
  switch (caller) {
    case "viewer":
      sessionUser = viewer;
      sameOrigin();
      break;
    case "admin":
      sessionUser = admin;
      sameOrigin();
      break;
    case "read token":
      headers.set("authorization", `Bearer ${readToken}`);
      break;
    case "admin token":
      headers.set("authorization", `Bearer ${adminToken}`);
      break;
    case "foreign origin":
      sessionUser = viewer;
      headers.set("origin", "https://evil.example");
      headers.set("sec-fetch-site", "cross-site");
      break;
    case "wrong content type":
      sessionUser = admin;
      sameOrigin();
      if (body !== undefined) headers.set("content-type", "text/plain");
      break;
    case "oversized body":
      sessionUser = admin;
      sameOrigin();
      body = JSON.stringify({ name: "x".repeat(2 * 1024 * 1024) });
      headers.set("content-type", "application/json");
      break;
  }
  const init: RequestInit = { method: r.method, headers };
  if (body !== undefined && r.method !== "GET") init.body = body;
  return { request: new Request(`${ORIGIN}${r.path}`, init), sessionUser };
}

async function call(r: RouteCase, caller: CallerKind): Promise<Response> {
  const mod = (await import(/* @vite-ignore */ `@/app/api/${r.file}`)) as Record<
    string,
    (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>
  >;
  const handler = mod[r.method];
  if (!handler) throw new Error(`${r.file} has no ${r.method}`);
  const { request, sessionUser } = requestFor(r, caller);
  session.user = sessionUser;
  try {
    return await handler(request, { params: Promise.resolve(r.params ?? {}) });
  } finally {
    session.user = null;
  }
}

function routeFiles(dir: string, prefix = ""): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full, `${prefix}${name}/`);
    return name === "route.ts" ? [`${prefix}${name}`] : [];
  });
}

describe(`every API route × every caller on ${process.env.TEST_DB_KIND}`, () => {
  it("covers every route file of the app", () => {
    const files = routeFiles(path.join(process.cwd(), "app/api")).sort();
    const covered = new Set([...ROUTES.map((r) => r.file), ...Object.keys(NOT_IN_TABLE)]);
    expect(files.filter((f) => !covered.has(f))).toEqual([]);
  });

  it("answers each caller with the expected status and writes nothing", async () => {
    const seen: string[] = [];
    const wrong: string[] = [];
    const before = await snapshot();
    for (const r of ROUTES) {
      for (const caller of CALLERS) {
        const expected = expectedStatus(r, caller);
        if (expected === null) continue;
        const res = await call(r, caller);
        seen.push(`${r.method} ${r.path} · ${caller} → ${res.status}`);
        if (res.status !== expected)
          wrong.push(
            `${r.method} ${r.path} · ${caller}: ${res.status} (want ${expected}) ${await res.text()}`,
          );
        else if (res.status >= 400) expect((await res.json()).error.code).toEqual(expect.any(String));
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toBe(before);
    expect(seen.length).toBeGreaterThan(ROUTES.length * 5);
  });
});
