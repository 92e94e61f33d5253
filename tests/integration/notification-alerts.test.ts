// Admin alerts (the entry point other parts call) and the admin's channel settings: one alert per
// key for every admin and none for viewers, secrets never shown back, changes audited.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import type { SessionUser } from "@/lib/domain/roles";
import { notificationChannels, updateNotificationChannels } from "@/lib/services/notification-channels";
import { notificationFeed, notifyAdmins } from "@/lib/services/notifications";
import { onQuotaThresholdCrossed } from "@/lib/services/quota-alerts";
import { addUser } from "@/lib/services/users";
import { installTestDatabase, type TestDatabase } from "../helpers/database";

let db: TestDatabase;
const who = {} as Record<"admin" | "admin2" | "viewer", SessionUser>;

beforeAll(async () => {
  db = await installTestDatabase();
  for (const [key, role] of [
    ["admin", "admin"],
    ["admin2", "admin"],
    ["viewer", "viewer"],
  ] as const) {
    const u = await addUser(null, { email: `${key}@example.com`, password: "long-enough-1", role });
    who[key] = { id: u.id, email: u.email, name: null, role };
  }
});
afterAll(async () => db?.drop());

describe(`admin alerts and channel settings on ${process.env.TEST_DB_KIND}`, () => {
  it("keeps the SMTP password and the webhook secret to itself, and audits the change", async () => {
    await updateNotificationChannels(
      {
        email: {
          enabled: true,
          host: "smtp.example.com",
          port: 587,
          secure: false,
          username: "u",
          password: "p4ss-w0rd-secret",
          from: "atlas@example.com",
        },
        webhook: { enabled: true, url: "http://127.0.0.1:9/hook", secret: "hook-secret-value" },
      },
      who.admin,
    );
    const view = await notificationChannels();
    expect(view.settings.email).toMatchObject({ host: "smtp.example.com", passwordSet: true });
    expect(view.settings.webhook).toMatchObject({ url: "http://127.0.0.1:9/hook", secretSet: true });
    const everything = JSON.stringify(
      [view, await prisma().setting.findMany(), await prisma().auditLog.findMany()],
      (_k, v) => (typeof v === "bigint" ? String(v) : v),
    );
    expect(everything).not.toContain("p4ss-w0rd-secret");
    expect(everything).not.toContain("hook-secret-value");
    const audit = await prisma().auditLog.findFirst({
      where: { action: "settings.update", target: "notifications.channels" },
    });
    expect(audit?.actorId).toBe(who.admin.id);
    // Leaving the secrets out keeps them.
    await updateNotificationChannels(
      {
        email: {
          enabled: true,
          host: "smtp2.example.com",
          port: 25,
          secure: false,
          username: "u",
          from: "a@example.com",
        },
        webhook: { enabled: true, url: "http://127.0.0.1:9/hook" },
      },
      who.admin,
    );
    expect((await notificationChannels()).settings.email).toMatchObject({
      host: "smtp2.example.com",
      passwordSet: true,
    });
  });

  it("alerts every admin once per key, in the app and on each channel", async () => {
    const alert = {
      kind: "quota_threshold",
      subject: "Energy US at 80 %",
      text: "80 % of the monthly codes are spent.",
      dedupeKey: "quota:energy_price:US:80:2026-05",
    };
    expect(await notifyAdmins(alert)).toEqual({ notified: 2 });
    expect(await notifyAdmins(alert)).toEqual({ notified: 0 });
    for (const admin of [who.admin, who.admin2]) {
      const feed = await notificationFeed(admin, { unread: true, page: 1, pageSize: 20 });
      expect(feed.items.map((i) => [i.kind, i.subject])).toEqual([["admin_alert", alert.subject]]);
    }
    expect((await notificationFeed(who.viewer, { unread: false, page: 1, pageSize: 20 })).total).toBe(0);
    const deliveries = await prisma().notificationDelivery.findMany({ orderBy: { channel: "asc" } });
    expect(deliveries.map((d) => d.channel)).toEqual(["email", "email", "webhook"]);
  });

  it("tells every admin once when a quota threshold is crossed, in the app and on the channels", async () => {
    const alert = {
      meter: "dataset:energy_price:Europe",
      label: "energy_price · Europe",
      threshold: 95,
      period: "2026-11",
      used: 571,
      total: 600,
      firedAt: new Date(),
    };
    await onQuotaThresholdCrossed(alert);
    await onQuotaThresholdCrossed(alert); // a second instance, or a second check
    for (const key of ["admin", "admin2"] as const) {
      const feed = await notificationFeed(who[key], { unread: false, page: 1, pageSize: 50 });
      const quota = feed.items.filter((n) => n.subject.includes("energy_price · Europe passed 95 %"));
      expect(quota).toHaveLength(1);
      expect(quota[0]?.summary).toContain("571 of 600");
    }
    const viewerFeed = await notificationFeed(who.viewer, { unread: false, page: 1, pageSize: 50 });
    expect(viewerFeed.items.some((n) => n.subject.includes("passed 95 %"))).toBe(false);
    const queued = await prisma().notificationDelivery.findMany({
      where: { dedupeKey: { contains: "quota:dataset:energy_price:Europe:95:2026-11" } },
    });
    // Email to each admin and one webhook post (both channels were turned on above).
    expect(queued.map((d) => d.channel).sort()).toEqual(["email", "email", "webhook"]);
  });
});
