// A release in the simulator → one digest per user with the right series (new data, revisions,
// a discontinuation with its replacement), nothing for series outside their lists, shared lists
// counted, no duplicate when the sync runs again; the digest leaves by webhook (signed, retried
// after a 500) and by email (into an SMTP sink started here).
import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { type DigestItem, digestItemsSchema } from "@/lib/domain/notifications";
import type { SessionUser } from "@/lib/domain/roles";
import type { ServiceName } from "@/lib/domain/services";
import { deliverDueNotifications } from "@/lib/notify/deliver";
import { bookmark, newList } from "@/lib/services/bookmarks";
import { updateNotificationChannels } from "@/lib/services/notification-channels";
import { chooseListChannels, markRead, notificationFeed } from "@/lib/services/notifications";
import { addUser } from "@/lib/services/users";
import { setUpstreamClient } from "@/lib/sync/upstream";
import { testClient } from "../helpers/sync";
import { dropScenarioDatabase, type Scenario, scenario } from "../helpers/sync-scenario";

const SERVICES: ServiceName[] = ["industry_economics", "energy_price"];
const SECRET = "webhook-test-secret";

let s: Scenario;
const users = {} as Record<"alice" | "bob" | "carol" | "dave", SessionUser>;
let discontinued: { service: string; code: string; replacementCode: string };
let bobCode: string;
let sharedCode: string;
let aliceCodes: string[];
/** every code the release discontinues (the simulator's model) */
const discontinuedNow = new Set<string>();
/** current non-forecast values of default variants: code → month → value */
let before: Map<string, Map<string, number>>;
let release: { run1: Awaited<ReturnType<Scenario["sync"]>>; run2: Awaited<ReturnType<Scenario["sync"]>> };

// A receiver that fails the first POST with a 500, then accepts.
const hooks: { body: string; signature?: string; timestamp?: string; status: number }[] = [];
let hookServer: Server;
const mails: { to: string; data: string }[] = [];
let smtp: SMTPServer;

async function snapshot(codes: string[]) {
  const rows = await prisma().observation.findMany({
    where: {
      validTo: null,
      kind: { not: "forecast" },
      variant: { isDefault: true, assessment: { code: { in: codes } } },
    },
    select: { month: true, value: true, variant: { select: { assessment: { select: { code: true } } } } },
  });
  const out = new Map<string, Map<string, number>>();
  for (const r of rows) {
    const code = r.variant.assessment.code;
    const m = out.get(code) ?? new Map<string, number>();
    m.set(r.month.toISOString().slice(0, 7), r.value);
    out.set(code, m);
  }
  return out;
}

const listen = (server: Server | SMTPServer["server"]) =>
  new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );

beforeAll(async () => {
  hookServer = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      const status = hooks.length === 0 ? 500 : 204;
      hooks.push({
        body,
        signature: req.headers["x-price-atlas-signature"] as string | undefined,
        timestamp: req.headers["x-price-atlas-timestamp"] as string | undefined,
        status,
      });
      res.writeHead(status).end();
    });
  });
  smtp = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    onAuth(auth, _session, cb) {
      if (auth.username === "mailer" && auth.password === "smtp-pass") cb(null, { user: "mailer" });
      else cb(new Error("bad credentials"));
    },
    onData(stream, session, cb) {
      let data = "";
      stream.on("data", (c: Buffer) => {
        data += c.toString("utf8");
      });
      stream.on("end", () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), data });
        cb();
      });
    },
  });
  const [hookPort, smtpPort] = await Promise.all([listen(hookServer), listen(smtp.server)]);

  s = await scenario({ size: 600 });
  setUpstreamClient(testClient(s.sim));
  expect((await s.sync()).status).toBe("done");
  for (const [key, role] of [
    ["alice", "viewer"],
    ["bob", "viewer"],
    ["carol", "admin"],
    ["dave", "viewer"],
  ] as const) {
    const u = await addUser(null, { email: `${key}@example.com`, password: "long-enough-1", role });
    users[key] = { id: u.id, email: u.email, name: null, role };
  }
  // Releases until one discontinues a series (the simulator's own model says which, at random).
  let found: typeof discontinued | undefined;
  for (let i = 0; i < 10 && !found; i++) {
    if (i > 0) expect((await s.sync()).status).toBe("done");
    discontinuedNow.clear();
    await s.sim.control("POST", "clock", { advance: "next-release" });
    await s.sim.control("POST", "clock", { advanceMs: 3_600_000 });
    const v = s.sim.state.vintage();
    for (const service of SERVICES)
      for (const series of s.sim.state.catalogue.listed(service, v))
        if (series.discontinuedAt === v && series.replacementCode) {
          discontinuedNow.add(series.code);
          found ??= { service, code: series.code, replacementCode: series.replacementCode };
        }
  }
  if (!found) throw new Error("no discontinuation in ten releases");
  discontinued = found;

  const active = await prisma().assessment.findMany({
    where: { status: "active", code: { not: discontinued.code } },
    orderBy: [{ service: "asc" }, { code: "asc" }],
    select: { service: true, code: true },
  });
  // Alice: 200 series and the one about to be discontinued; Bob: one series of his own;
  // Carol: a shared list (so everyone sees it) with one series; Dave: no list at all.
  const aliceSeries = [...active.slice(0, 200), { service: discontinued.service, code: discontinued.code }];
  aliceCodes = aliceSeries.map((a) => a.code);
  // Bob's and the shared series get a new final month in this release (the model says so).
  const v = s.sim.state.vintage();
  const grows = new Set<string>();
  for (const service of SERVICES) {
    const was = new Map([...s.sim.state.catalogue.listed(service, v - 1)].map((x) => [x.code, x.lastFinal]));
    for (const x of s.sim.state.catalogue.listed(service, v))
      if (!x.discontinuedAt && (was.get(x.code) ?? x.lastFinal) < x.lastFinal) grows.add(x.code);
  }
  const [bobSeries, sharedSeries] = active.slice(200).filter((a) => grows.has(a.code));
  if (!bobSeries || !sharedSeries) throw new Error("too few series");
  bobCode = bobSeries.code;
  sharedCode = sharedSeries.code;
  const aliceList = await newList(users.alice, { name: "Watched", shared: false });
  for (const a of aliceSeries) await bookmark(users.alice, aliceList.id, a as never);
  const bobList = await newList(users.bob, { name: "Mine", shared: false });
  await bookmark(users.bob, bobList.id, bobSeries as never);
  const sharedList = await newList(users.carol, { name: "Team", shared: true });
  await bookmark(users.carol, sharedList.id, sharedSeries as never);

  await updateNotificationChannels(
    {
      email: {
        enabled: true,
        host: "127.0.0.1",
        port: smtpPort,
        secure: false,
        username: "mailer",
        password: "smtp-pass",
        from: "atlas@example.com",
      },
      webhook: { enabled: true, url: `http://127.0.0.1:${hookPort}/hook`, secret: SECRET },
    },
    users.carol,
  );
  await chooseListChannels(users.alice, aliceList.id, { email: true, webhook: true });

  before = await snapshot(aliceCodes);
  release = { run1: await s.sync(), run2: await s.sync() };
}, 600_000);

afterAll(async () => {
  setUpstreamClient(undefined);
  await s?.close();
  await dropScenarioDatabase();
  await new Promise((r) => hookServer?.close(r));
  await new Promise((r) => smtp?.close(() => r(undefined)));
});

const digestOf = async (user: SessionUser) => {
  const rows = await prisma().notification.findMany({ where: { userId: user.id } });
  return rows.map((r) => ({ ...r, series: digestItemsSchema.parse(r.items) }));
};
const codesOf = (items: DigestItem[]) => items.map((i) => i.code).sort();

describe(`release notifications on ${process.env.TEST_DB_KIND}`, () => {
  it("gives Alice one digest with exactly the series that got new data, were revised or discontinued", async () => {
    expect(release.run1.status).toBe("done");
    const digests = await digestOf(users.alice);
    expect(digests).toHaveLength(1);
    const [digest] = digests;
    if (!digest) throw new Error("no digest");
    expect(digest.kind).toBe("release_digest");
    expect(digest.readAt).toBeNull();

    // What the database shows changed, comparing the values before and after the run.
    const after = await snapshot(aliceCodes);
    const expected = new Map<string, { newMonths: string[]; revisedMonths: string[] }>();
    for (const code of aliceCodes) {
      const was = before.get(code) ?? new Map();
      const now = after.get(code) ?? new Map();
      const last = [...was.keys()].sort().at(-1) ?? "";
      const newMonths = [...now.keys()].filter((m) => m > last).sort();
      const revisedMonths = [...now.entries()]
        .filter(([m, v]) => was.has(m) && Math.abs((was.get(m) as number) - v) > 1e-9)
        .map(([m]) => m)
        .sort();
      if (newMonths.length || revisedMonths.length) expected.set(code, { newMonths, revisedMonths });
    }
    const byCode = new Map(digest.series.map((i) => [i.code, i]));
    const gone = aliceCodes.filter((c) => discontinuedNow.has(c));
    const changed = [...new Set([...expected.keys(), ...gone, sharedCode])].sort();
    expect(codesOf(digest.series)).toEqual(changed);
    for (const [code, want] of expected) {
      expect(byCode.get(code)?.newMonths, code).toEqual(want.newMonths);
      expect(byCode.get(code)?.revisedMonths, code).toEqual(want.revisedMonths);
    }
    // Each kind of change is there, and the discontinued series names its replacement.
    expect(digest.series.some((i) => i.changes.includes("new_data"))).toBe(true);
    expect(digest.series.some((i) => i.changes.includes("revised"))).toBe(true);
    for (const code of gone) expect(byCode.get(code)?.changes, code).toContain("discontinued");
    expect(byCode.get(discontinued.code)?.replacement?.code).toBe(discontinued.replacementCode);
    // Filed under the release the vendor published (the simulator's release month).
    const month = s.sim.state.clock.now().toISOString().slice(0, 7);
    expect(digest.releasePeriod).toBe(month);
    expect(digest.subject).toContain(`series changed in the ${month} release`);
  });

  it("gives Bob his own series and the shared list's, Dave and Carol only the shared one", async () => {
    const [bob, dave, carol] = await Promise.all([
      digestOf(users.bob),
      digestOf(users.dave),
      digestOf(users.carol),
    ]);
    expect(bob).toHaveLength(1);
    expect(codesOf(bob[0]?.series ?? [])).toEqual([bobCode, sharedCode].sort());
    for (const d of [dave, carol]) {
      expect(d).toHaveLength(1);
      expect(codesOf(d[0]?.series ?? [])).toEqual([sharedCode]);
    }
    // Alice sees the shared list too, so its series is in her digest beside her own.
    expect(codesOf((await digestOf(users.alice))[0]?.series ?? [])).toContain(sharedCode);
  });

  it("adds nothing when the sync runs again for the same release", async () => {
    expect(["done", "partial"]).toContain(release.run2.status);
    const all = await prisma().notification.findMany();
    const perUser = new Map<string, number>();
    for (const n of all) perUser.set(n.userId, (perUser.get(n.userId) ?? 0) + 1);
    expect(Math.max(...perUser.values())).toBe(1);
    expect(await prisma().notificationDelivery.count()).toBe(2); // Alice: one email, one webhook
  });

  it("lists and marks read through the feed", async () => {
    const feed = await notificationFeed(users.alice, { unread: true, page: 1, pageSize: 20 });
    expect(feed.unread).toBe(1);
    expect(feed.items[0]?.series.find((i) => i.code === discontinued.code)?.replacement?.href).toContain(
      discontinued.replacementCode,
    );
    // Bob cannot mark Alice's as read.
    expect((await markRead(users.bob, { ids: [feed.items[0]?.id as string] })).updated).toBe(0);
    expect(await markRead(users.alice, { all: true })).toEqual({ updated: 1, unread: 0 });
  });

  it("posts the digest to the webhook, signed, retrying after a 500", async () => {
    const first = await deliverDueNotifications();
    expect(first.sent).toBe(1); // the email
    expect(first.retrying).toBe(1); // the webhook answered 500
    expect(hooks).toHaveLength(1);
    // Not due yet: nothing is sent again at once.
    expect((await deliverDueNotifications()).sent).toBe(0);
    const later = await deliverDueNotifications({ now: new Date(Date.now() + 3_600_000) });
    expect(later).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(hooks).toHaveLength(2);
    const ok = hooks[1];
    if (!ok) throw new Error("no second post");
    const expectedSignature = `sha256=${createHmac("sha256", SECRET).update(`${ok.timestamp}.${ok.body}`).digest("hex")}`;
    expect(ok.signature).toBe(expectedSignature);
    expect(Number(ok.timestamp)).toBeGreaterThan(0);
    expect(ok.body).toBe(hooks[0]?.body); // the same message, retried
    const body = JSON.parse(ok.body);
    expect(body.type).toBe("release_digest");
    expect(body.user.email).toBe("alice@example.com");
    expect(codesOf(body.items)).toContain(discontinued.code);
    const row = await prisma().notificationDelivery.findFirst({ where: { channel: "webhook" } });
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("emails the digest to Alice through the SMTP server", async () => {
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    if (!mail) throw new Error("no mail");
    expect(mail.to).toBe("alice@example.com");
    // quoted-printable soft line breaks and escapes undone
    const text = mail.data
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16)));
    expect(text).toMatch(/Subject: Price Atlas: \d+ series changed/);
    expect(text).toContain(discontinued.code);
    expect(text).toContain(`replaced by ${discontinued.replacementCode}`);
  });
});
