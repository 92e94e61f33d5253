// First logins (demo only with the bundled simulator; a generated one-time admin password with a
// real vendor), own password changes, and sessions that end at a password change or on request.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as changePasswordRoute } from "@/app/api/v1/account/password/route";
import { GET as catalogueRoute } from "@/app/api/v1/catalogue/route";
import { sessionAccount } from "@/lib/auth/account-cache";
import { authenticateCredentials, LoginError } from "@/lib/auth/credentials";
import { authOptions, nextToken, SESSION_ABSOLUTE_MS } from "@/lib/auth/options";
import { prisma } from "@/lib/db/client";
import type { SessionUser } from "@/lib/domain/roles";
import { setProcessEnv } from "@/lib/env";
import { changeOwnPassword, signOutEverywhere } from "@/lib/services/account";
import { addUser, changeUser, DEMO_ADMIN, ensureFirstUsers, FIRST_ADMIN_EMAIL } from "@/lib/services/users";
import { installTestDatabase, type TestDatabase } from "../helpers/database";

const session = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("@/lib/auth/session", () => ({ currentUser: async () => session.user }));

const VENDOR = { UPSTREAM_BASE_URL: "https://vendor.test", UPSTREAM_USERNAME: "u", UPSTREAM_PASSWORD: "p" };
let db: TestDatabase;
beforeAll(async () => {
  db = await installTestDatabase();
});
afterEach(() => {
  setProcessEnv({
    UPSTREAM_BUNDLED: undefined,
    UPSTREAM_BASE_URL: undefined,
    UPSTREAM_USERNAME: undefined,
    UPSTREAM_PASSWORD: undefined,
    NEXTAUTH_URL: undefined,
    NEXTAUTH_SECRET: undefined,
  });
});
afterAll(async () => {
  await db.drop();
});

const sameOrigin = {
  origin: "http://atlas.test",
  "sec-fetch-site": "same-origin",
  "content-type": "application/json",
};
const ctx = { params: Promise.resolve({}) };

describe(`first logins on ${process.env.TEST_DB_KIND}`, () => {
  it("with a real vendor: no demo login, one admin with a strong one-time password to replace first", async () => {
    setProcessEnv(VENDOR);
    const [created] = await ensureFirstUsers();
    expect(created?.email).toBe(FIRST_ADMIN_EMAIL);
    await expect(authenticateCredentials(DEMO_ADMIN, "192.0.2.1")).rejects.toThrow(LoginError);
    const password = created?.password.split(" ")[0] ?? "";
    expect(password.length).toBeGreaterThanOrEqual(24);
    const admin = await authenticateCredentials({ email: FIRST_ADMIN_EMAIL, password }, "192.0.2.1");
    expect(admin).toMatchObject({ role: "admin", mustChangePassword: true });

    // until the password is changed, the API answers nothing else
    session.user = admin;
    const blocked = await catalogueRoute(new Request("http://atlas.test/api/v1/catalogue"), ctx);
    expect(blocked.status).toBe(403);
    expect((await blocked.json()).error.code).toBe("password_change_required");
    const weak = await changePasswordRoute(
      new Request("http://atlas.test/api/v1/account/password", {
        method: "POST",
        headers: sameOrigin,
        body: JSON.stringify({ currentPassword: password, newPassword: "password1234" }),
      }),
      ctx,
    );
    expect(weak.status).toBe(400);
    const changed = await changePasswordRoute(
      new Request("http://atlas.test/api/v1/account/password", {
        method: "POST",
        headers: sameOrigin,
        body: JSON.stringify({ currentPassword: password, newPassword: "plum-harbour-lantern-42" }),
      }),
      ctx,
    );
    expect(changed.status).toBe(200);
    session.user = null;
    const again = await authenticateCredentials(
      { email: FIRST_ADMIN_EMAIL, password: "plum-harbour-lantern-42" },
      "192.0.2.1",
    );
    expect(again.mustChangePassword).toBeUndefined();
  });

  it("with the bundled simulator: the demo logins", async () => {
    await prisma().user.deleteMany();
    setProcessEnv({ UPSTREAM_BUNDLED: "1" });
    expect((await ensureFirstUsers()).map((u) => u.email)).toEqual([
      "admin@example.com",
      "viewer@example.com",
    ]);
  });
});

describe(`sessions on ${process.env.TEST_DB_KIND}`, () => {
  it("end at a password change (own or by an admin) and at sign-out everywhere", async () => {
    const u = await addUser(null, {
      email: "sess@example.com",
      password: "first-password-1",
      role: "viewer",
    });
    const me: SessionUser = { id: u.id, email: u.email, name: null, role: "viewer" };
    const login = await authenticateCredentials({ email: u.email, password: "first-password-1" }, null);
    expect(await sessionAccount(u.id, login.sessionVersion)).toMatchObject({ id: u.id });
    await changeOwnPassword(me, { currentPassword: "first-password-1", newPassword: "second-passphrase-9" });
    expect(await sessionAccount(u.id, login.sessionVersion)).toBeNull();
    const second = await authenticateCredentials({ email: u.email, password: "second-passphrase-9" }, null);
    await signOutEverywhere(me);
    expect(await sessionAccount(u.id, second.sessionVersion)).toBeNull();
    const third = await authenticateCredentials({ email: u.email, password: "second-passphrase-9" }, null);
    const admin: SessionUser = { id: "x", email: "root@example.com", name: null, role: "admin" };
    await changeUser(admin, u.id, { password: "reset-by-admin-1" });
    expect(await sessionAccount(u.id, third.sessionVersion)).toBeNull();
  });

  it("refuses a wrong current password and common or short new ones", async () => {
    const u = await addUser(null, { email: "pw@example.com", password: "first-password-1", role: "viewer" });
    const me: SessionUser = { id: u.id, email: u.email, name: null, role: "viewer" };
    await expect(
      changeOwnPassword(me, { currentPassword: "wrong", newPassword: "another-long-one-7" }),
    ).rejects.toMatchObject({ status: 400 });
    const { passwordChangeSchema } = await import("@/lib/services/account");
    for (const newPassword of ["short-pw1", "password1234", "Qwerty123456!", "aaaaaaaaaaaaaa"])
      expect(passwordChangeSchema.safeParse({ currentPassword: "x", newPassword }).success).toBe(false);
  });

  it("have an absolute lifetime however busy, and secure cookies behind https", () => {
    const t0 = Date.parse("2026-11-22T08:00:00Z");
    const token = nextToken({}, { id: "u1", role: "viewer", sessionVersion: 3 }, t0);
    expect(token).toMatchObject({ uid: "u1", sv: 3, authTime: t0 });
    expect(nextToken(token, undefined, t0 + SESSION_ABSOLUTE_MS - 1000)).toMatchObject({ uid: "u1" });
    expect(nextToken(token, undefined, t0 + SESSION_ABSOLUTE_MS + 1000)).toEqual({});
    expect(nextToken({ uid: "u1" }, undefined, t0)).toEqual({});
    setProcessEnv({
      NEXTAUTH_SECRET: "a-test-secret-of-some-length",
      NEXTAUTH_URL: "https://atlas.example.com",
    });
    expect(authOptions().useSecureCookies).toBe(true);
    setProcessEnv({ NEXTAUTH_URL: "http://localhost:3000" });
    expect(authOptions().useSecureCookies).toBe(false);
  });
});
