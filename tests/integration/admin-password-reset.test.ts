// An admin sets a new password for a user (Admin → Users, PATCH /api/admin/users/{id}): the user
// signs in with it, not the old one, and the audit log records who reset whose password.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticateCredentials, LoginError } from "@/lib/auth/credentials";
import { prisma } from "@/lib/db/client";
import { addUser, changeUser } from "@/lib/services/users";
import { installTestDatabase, type TestDatabase } from "../helpers/database";

let db: TestDatabase;
beforeAll(async () => {
  db = await installTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

describe(`admin password reset on ${process.env.TEST_DB_KIND}`, () => {
  it("replaces the password, and audits it without the password itself", async () => {
    const admin = await addUser(null, {
      email: "boss@example.com",
      password: "boss-password",
      role: "admin",
    });
    const user = await addUser(null, {
      email: "forgot@example.com",
      password: "old-password",
      role: "viewer",
    });
    const actor = { id: admin.id, email: admin.email, name: null, role: "admin" as const };
    await changeUser(actor, user.id, { password: "brand-new-password" });

    const signedIn = await authenticateCredentials(
      { email: "forgot@example.com", password: "brand-new-password" },
      null,
    );
    expect(signedIn).toMatchObject({ email: "forgot@example.com" });
    await expect(
      authenticateCredentials({ email: "forgot@example.com", password: "old-password" }, null),
    ).rejects.toThrow(LoginError);

    const audit = await prisma().auditLog.findMany({ where: { target: "forgot@example.com" } });
    const reset = audit.find((a) => a.action === "user.password_reset");
    expect(reset?.actorId).toBe(admin.id);
    expect(JSON.stringify(audit.map((a) => a.details))).not.toContain("brand-new-password");
  });

  it("refuses a password shorter than 8 characters", async () => {
    const user = await addUser(null, { email: "short@example.com", password: "long-enough", role: "viewer" });
    const actor = { id: user.id, email: user.email, name: null, role: "admin" as const };
    await expect(changeUser(actor, user.id, { password: "short" })).rejects.toThrow();
  });
});
