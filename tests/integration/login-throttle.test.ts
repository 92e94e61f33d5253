// Failed logins: locked per account and address with a doubling delay, so a guesser elsewhere never
// locks anyone (an admin included) out; the records of unknown emails do not grow without end.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticateCredentials } from "@/lib/auth/credentials";
import { THROTTLE } from "@/lib/auth/throttle";
import { prisma } from "@/lib/db/client";
import { pruneLoginRecords } from "@/lib/db/login-throttle";
import { addUser } from "@/lib/services/users";
import { installTestDatabase, type TestDatabase } from "../helpers/database";

let db: TestDatabase;
beforeAll(async () => {
  db = await installTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

const login = (email: string, password: string, ip: string | null, at: Date) =>
  authenticateCredentials({ email, password }, ip, at);

async function failTimes(n: number, email: string, ip: string, at: Date) {
  for (let i = 0; i < n; i++)
    await expect(login(email, "wrong-wrong", ip, at)).rejects.toThrow(/Wrong email/);
}

describe(`login throttle on ${process.env.TEST_DB_KIND}`, () => {
  it("locks the account only for the address that failed, so the real admin still signs in", async () => {
    await addUser(null, { email: "boss@example.com", password: "right-password", role: "admin" });
    const t0 = new Date("2026-11-22T10:00:00Z");
    await failTimes(THROTTLE.pairThreshold, "boss@example.com", "198.51.100.66", t0);
    await expect(login("boss@example.com", "right-password", "198.51.100.66", t0)).rejects.toThrow(
      /Too many failed attempts/,
    );
    await expect(login("boss@example.com", "right-password", "192.0.2.1", t0)).resolves.toMatchObject({
      role: "admin",
    });
  });

  it("doubles the lock with each further failure", async () => {
    await addUser(null, { email: "slow@example.com", password: "right-password", role: "viewer" });
    const ip = "203.0.113.5";
    const t0 = new Date("2026-11-22T12:00:00Z");
    await failTimes(THROTTLE.pairThreshold, "slow@example.com", ip, t0);
    const lockOf = async () =>
      (await prisma().loginThrottle.findUnique({ where: { key: `acct:slow@example.com|ip:${ip}` } }))
        ?.lockedUntil;
    expect((await lockOf())?.getTime()).toBe(t0.getTime() + THROTTLE.pairBaseLockMs);
    const t1 = new Date(t0.getTime() + THROTTLE.pairBaseLockMs + 1000);
    await failTimes(1, "slow@example.com", ip, t1);
    expect((await lockOf())?.getTime()).toBe(t1.getTime() + 2 * THROTTLE.pairBaseLockMs);
    const t2 = new Date(t1.getTime() + 2 * THROTTLE.pairBaseLockMs + 1000);
    await failTimes(1, "slow@example.com", ip, t2);
    expect((await lockOf())?.getTime()).toBe(t2.getTime() + 4 * THROTTLE.pairBaseLockMs);
    // a success from there clears the pair
    const t3 = new Date(t2.getTime() + 4 * THROTTLE.pairBaseLockMs + 1000);
    await expect(login("slow@example.com", "right-password", ip, t3)).resolves.toBeTruthy();
    expect(await lockOf()).toBeUndefined();
  });

  it("locks one address that tries many accounts", async () => {
    const ip = "198.51.100.99";
    const t0 = new Date("2026-11-22T14:00:00Z");
    for (let i = 0; i < THROTTLE.addressThreshold; i++)
      await expect(login(`nobody${i}@example.com`, "wrong-wrong", ip, t0)).rejects.toThrow(/Wrong email/);
    await expect(login("nobody-else@example.com", "wrong-wrong", ip, t0)).rejects.toThrow(/Too many/);
  });

  it("prunes spent counters and old failed-login records of unknown emails", async () => {
    await addUser(null, { email: "known@example.com", password: "right-password", role: "viewer" });
    const old = new Date("2026-10-01T00:00:00Z");
    await prisma().auditLog.createMany({
      data: [
        { at: old, action: "auth.sign_in_failed", target: "ghost@example.com" },
        { at: old, action: "auth.sign_in_failed", target: "known@example.com" },
        { at: old, action: "user.create", target: "ghost@example.com" },
      ],
    });
    await prisma().loginThrottle.createMany({
      data: [
        { key: "acct:ghost@example.com|ip:1.1.1.1", failures: 3, windowStart: old },
        {
          key: "acct:busy@example.com|ip:1.1.1.1",
          failures: 9,
          windowStart: old,
          lockedUntil: new Date("2099-01-01"),
        },
      ],
    });
    const now = new Date("2026-11-22T16:00:00Z");
    await pruneLoginRecords(now, THROTTLE.windowMs, THROTTLE.unknownAuditMs);
    const audit = await prisma().auditLog.findMany({ where: { at: old }, orderBy: { id: "asc" } });
    expect(audit.map((a) => `${a.action} ${a.target}`)).toEqual([
      "auth.sign_in_failed known@example.com",
      "user.create ghost@example.com",
    ]);
    const keys = (await prisma().loginThrottle.findMany()).map((t) => t.key);
    expect(keys).not.toContain("acct:ghost@example.com|ip:1.1.1.1");
    expect(keys).toContain("acct:busy@example.com|ip:1.1.1.1");
  });
});
