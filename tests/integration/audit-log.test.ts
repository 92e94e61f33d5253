// Every audited event through the real code paths (credentials sign-in, user, token, settings and
// list services), read back through GET /api/admin/audit, and the daily retention pruning.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { authenticateCredentials } from "@/lib/auth/credentials";
import { prisma } from "@/lib/db/client";
import type { SessionUser } from "@/lib/domain/roles";
import { createApiToken, revokeMyApiToken } from "@/lib/services/api-tokens";
import { changeList, newList } from "@/lib/services/bookmarks";
import { updateOnDemandPolicy } from "@/lib/services/on-demand-policy";
import { updateSyncSettings } from "@/lib/services/sync";
import { addUser, changeUser } from "@/lib/services/users";
import { pruneAuditOnceADay } from "@/lib/sync/housekeeping";
import { callRoute } from "../helpers/admin-calls";
import { installTestDatabase, type TestDatabase } from "../helpers/database";

const session = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("@/lib/auth/session", () => ({
  currentUser: async () => session.user,
  requireUser: async () => session.user,
  requireAdmin: async () => session.user,
}));

let db: TestDatabase;
let admin: SessionUser;
let viewer: SessionUser;
const PASSWORD = "viewer-password-long";

type AuditPage = {
  items: {
    action: string;
    actor: string | null;
    target: string | null;
    details: Record<string, unknown> | null;
  }[];
  total: number;
};

async function audit(query: string): Promise<AuditPage> {
  const res = await callRoute(session, "admin/audit/route.ts", `/api/admin/audit?${query}`, { user: admin });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as AuditPage;
}

beforeAll(async () => {
  db = await installTestDatabase();
  const a = await addUser(null, {
    email: "admin@audit.test",
    password: "admin-password-long",
    role: "admin",
  });
  const v = await addUser(null, { email: "viewer@audit.test", password: PASSWORD, role: "viewer" });
  admin = { id: a.id, email: a.email, name: null, role: "admin" };
  viewer = { id: v.id, email: v.email, name: null, role: "viewer" };
});
afterAll(async () => {
  await db?.drop();
});

describe(`audit log on ${process.env.TEST_DB_KIND}`, () => {
  it("records sign-ins and failed sign-ins through the credentials path", async () => {
    await authenticateCredentials({ email: viewer.email, password: PASSWORD }, "203.0.113.5");
    await expect(
      authenticateCredentials({ email: viewer.email, password: "wrong-password" }, "203.0.113.5"),
    ).rejects.toThrow();
    await expect(
      authenticateCredentials({ email: "ghost@audit.test", password: "whatever-it-is" }, "203.0.113.6"),
    ).rejects.toThrow();
    const ok = await audit("action=auth.sign_in");
    expect(ok.items).toHaveLength(1);
    expect(ok.items[0]).toMatchObject({
      actor: viewer.email,
      target: viewer.email,
      details: { ip: "203.0.113.5" },
    });
    const failed = await audit("action=auth.sign_in_failed");
    expect(failed.items.map((i) => [i.target, i.details?.known])).toEqual([
      ["ghost@audit.test", false],
      [viewer.email, true],
    ]);
  });

  it("records user creation, role changes, disabling and password resets, one row each", async () => {
    const u = await addUser(admin, {
      email: "new@audit.test",
      password: "new-user-password",
      role: "viewer",
    });
    await changeUser(admin, u.id, { role: "admin" });
    await changeUser(admin, u.id, { disabled: true, password: "reset-password-long" });
    const rows = await audit(`actor=${encodeURIComponent(admin.email)}`);
    const forUser = rows.items.filter((i) => i.target === "new@audit.test").map((i) => i.action);
    expect(forUser.sort()).toEqual([
      "user.create",
      "user.disable",
      "user.password_reset",
      "user.role_change",
    ]);
    const role = rows.items.find((i) => i.action === "user.role_change");
    expect(role?.details).toEqual({ from: "viewer", to: "admin" });
  });

  it("records token creation and revocation, never the token", async () => {
    const issued = await createApiToken(admin, { name: "scraper", scopes: ["metrics"] });
    await revokeMyApiToken(admin, issued.id);
    const created = await audit("action=token.create");
    expect(created.items[0]).toMatchObject({ actor: admin.email, target: issued.id });
    expect(created.items[0]?.details).toMatchObject({ name: "scraper", scopes: ["metrics"] });
    expect((await audit("action=token.revoke")).items[0]).toMatchObject({ target: issued.id });
    const everything = JSON.stringify((await audit("pageSize=200")).items);
    expect(everything).not.toContain(issued.token);
    expect(everything).not.toContain(PASSWORD);
    expect(everything).not.toContain("reset-password-long");
  });

  it("records a settings change with old and new values, and nothing when nothing changed", async () => {
    await updateSyncSettings({ onDemandReserve: 12 }, admin);
    await updateSyncSettings({ onDemandReserve: 12 }, admin);
    await updateOnDemandPolicy({ perUserDaily: 7 }, admin.email, admin.id);
    const rows = await audit("action=settings.update");
    expect(rows.items.map((i) => i.target)).toEqual(["on-demand", "sync"]);
    expect(rows.items[1]?.details).toEqual({ onDemandReserve: { from: 30, to: 12 } });
    expect(rows.items[0]?.details).toMatchObject({ perUserDaily: { to: 7 } });
  });

  it("records an admin's change to another user's list", async () => {
    const list = await newList(viewer, { name: "Mine", shared: true });
    await changeList(admin, list.id, { name: "Renamed by an admin" });
    const rows = await audit("action=bookmarks.admin_change");
    expect(rows.items[0]).toMatchObject({ actor: admin.email, target: list.id });
    expect(rows.items[0]?.details).toMatchObject({ change: "list.updated", owner: viewer.id });
  });

  it("filters by time and refuses unknown actions", async () => {
    expect((await audit("from=2099-01-01")).total).toBe(0);
    expect((await audit("to=2000-01-01")).total).toBe(0);
    const res = await callRoute(session, "admin/audit/route.ts", "/api/admin/audit?action=login.failed", {
      user: admin,
    });
    expect(res.status).toBe(400);
    expect(
      (await callRoute(session, "admin/audit/route.ts", "/api/admin/audit", { user: viewer })).status,
    ).toBe(403);
  });

  it("prunes rows past the retention once a day, whichever instance asks", async () => {
    const now = new Date();
    const day = 86_400_000;
    await prisma().auditLog.createMany({
      data: [
        { at: new Date(now.getTime() - 400 * day), action: "auth.sign_in", target: "old@audit.test" },
        { at: new Date(now.getTime() - 364 * day), action: "auth.sign_in", target: "kept@audit.test" },
      ],
    });
    const before = await prisma().auditLog.count();
    expect(await pruneAuditOnceADay(now)).toBe(1);
    expect(await prisma().auditLog.count()).toBe(before - 1);
    expect(await prisma().auditLog.count({ where: { target: "old@audit.test" } })).toBe(0);
    expect(await prisma().auditLog.count({ where: { target: "kept@audit.test" } })).toBe(1);
    // another instance (or this one) later the same day does nothing; the next day it prunes again
    await prisma().auditLog.create({
      data: { at: new Date(now.getTime() - 500 * day), action: "auth.sign_in", target: "older@audit.test" },
    });
    expect(await pruneAuditOnceADay(new Date(now.getTime() + 3_600_000))).toBeNull();
    // a day on, the 364-day-old row has passed the retention too
    expect(await pruneAuditOnceADay(new Date(now.getTime() + day + 60_000))).toBe(2);
    expect(
      await prisma().auditLog.count({ where: { target: { in: ["older@audit.test", "kept@audit.test"] } } }),
    ).toBe(0);
  });
});
