import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CLI_TOKEN_FILE,
  callerForBearer,
  issueApiToken,
  newCliToken,
  userForApiToken,
} from "@/lib/auth/api-tokens";
import { authenticateCredentials, LoginError } from "@/lib/auth/credentials";
import { migrationStatus } from "@/lib/db/migrations";
import { setProcessEnv } from "@/lib/env";
import { AppError } from "@/lib/http/errors";
import { createApiToken } from "@/lib/services/api-tokens";
import { addUser, changeUser } from "@/lib/services/users";
import { installTestDatabase, type TestDatabase } from "../helpers/database";

let db: TestDatabase;
beforeAll(async () => {
  db = await installTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

describe(`accounts on ${process.env.TEST_DB_KIND}`, () => {
  it("has every migration applied", async () => {
    const status = await migrationStatus(db.adapterFactory);
    expect(status).toMatchObject({ hasMigrationsTable: true, failedMigrationNames: [], history: null });
  });

  it("signs in with the right password only, case-insensitively by email", async () => {
    await addUser(null, { email: "Ana@Example.com", password: "correct-horse", role: "viewer" });
    const user = await authenticateCredentials({ email: "ANA@example.com", password: "correct-horse" }, null);
    expect(user).toMatchObject({ email: "ana@example.com", role: "viewer" });
    await expect(
      authenticateCredentials({ email: "ana@example.com", password: "wrong-horse" }, null),
    ).rejects.toThrow(LoginError);
  });

  it("refuses a duplicate email with 409", async () => {
    await addUser(null, { email: "dup@example.com", password: "password-1", role: "viewer" });
    const error = await addUser(null, {
      email: "dup@example.com",
      password: "password-2",
      role: "admin",
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(409);
  });

  it("keeps at least one active admin", async () => {
    const admin = await addUser(null, {
      email: "only-admin@example.com",
      password: "password-9",
      role: "admin",
    });
    const actor = { id: admin.id, email: admin.email, name: null, role: "admin" as const };
    await expect(changeUser(actor, admin.id, { role: "viewer" })).rejects.toMatchObject({ status: 403 });
  });

  it("accepts a personal API token until it is revoked or expires", async () => {
    const user = await addUser(null, { email: "api@example.com", password: "password-3", role: "viewer" });
    const { token } = await issueApiToken(user.id, "script", new Date("2027-01-01T00:00:00Z"));
    expect(await userForApiToken(token, new Date("2026-12-01T00:00:00Z"))).toMatchObject({ id: user.id });
    expect(await userForApiToken(token, new Date("2027-02-01T00:00:00Z"))).toBeNull();
    expect(await userForApiToken(`${token}x`)).toBeNull();
  });
});

describe(`token scopes on ${process.env.TEST_DB_KIND}`, () => {
  it("gives a new token the read scope unless asked, and the admin scope to admins only", async () => {
    const viewer = await addUser(null, {
      email: "scope-v@example.com",
      password: "password-3",
      role: "viewer",
    });
    const admin = await addUser(null, {
      email: "scope-a@example.com",
      password: "password-3",
      role: "admin",
    });
    const asViewer = { id: viewer.id, email: viewer.email, name: null, role: "viewer" as const };
    const asAdmin = { id: admin.id, email: admin.email, name: null, role: "admin" as const };
    expect((await createApiToken(asViewer, { name: "plain" })).scopes).toEqual(["read"]);
    expect((await createApiToken(asAdmin, { name: "plain" })).scopes).toEqual(["read"]);
    await expect(createApiToken(asViewer, { name: "x", scopes: ["read", "admin"] })).rejects.toMatchObject({
      status: 403,
    });
    const strong = await createApiToken(asAdmin, {
      name: "ops",
      scopes: ["read", "admin"],
      expiresInDays: 1,
    });
    expect(strong.scopes).toEqual(["read", "admin"]);
    expect(strong.expiresAt).toBeInstanceOf(Date);
    // an admin who is demoted keeps only the viewer part of the token
    await addUser(null, { email: "scope-a2@example.com", password: "password-3", role: "admin" });
    await changeUser(asAdmin, admin.id, { role: "viewer" });
    expect(await callerForBearer(strong.token, null, new Date())).toMatchObject({
      via: "token",
      scopes: ["read"],
    });
  });

  it("accepts the local command-line token from this machine only", async () => {
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const dir = mkdtempSync(`${tmpdir()}/cli-`);
    setProcessEnv({ DATA_DIR: dir });
    const token = newCliToken();
    writeFileSync(`${dir}/${CLI_TOKEN_FILE}`, token);
    expect(await callerForBearer(token, "127.0.0.1", new Date())).toMatchObject({ via: "cli" });
    expect(await callerForBearer(token, "::1", new Date())).toMatchObject({ via: "cli" });
    expect(await callerForBearer(token, "192.0.2.10", new Date())).toBeNull();
    expect(await callerForBearer(token, null, new Date())).toBeNull();
    expect(await callerForBearer(newCliToken(), "127.0.0.1", new Date())).toBeNull();
  });
});
