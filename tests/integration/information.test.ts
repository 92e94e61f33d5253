// What the app tells whom: anonymous health probes learn ok/degraded only; vendor error bodies are
// logged, not shown to viewers.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { issueApiToken } from "@/lib/auth/api-tokens";
import type { SessionUser } from "@/lib/domain/roles";
import { upstreamToAppError } from "@/lib/services/series";
import { addUser } from "@/lib/services/users";
import { classifyHttpError } from "@/lib/upstream/errors";
import { installTestDatabase, type TestDatabase } from "../helpers/database";

const session = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("@/lib/auth/session", () => ({ currentUser: async () => session.user }));

let db: TestDatabase;
let viewer: SessionUser;
let admin: SessionUser;
let token: string;
beforeAll(async () => {
  db = await installTestDatabase();
  const v = await addUser(null, { email: "v@info.test", password: "password-1", role: "viewer" });
  const a = await addUser(null, { email: "a@info.test", password: "password-1", role: "admin" });
  viewer = { id: v.id, email: v.email, name: null, role: "viewer" };
  admin = { id: a.id, email: a.email, name: null, role: "admin" };
  token = (await issueApiToken(v.id, "probe", null)).token;
});
afterAll(async () => {
  await db.drop();
});

async function ask(user: SessionUser | null, bearer?: string) {
  session.user = user;
  const headers = bearer ? { authorization: `Bearer ${bearer}` } : undefined;
  const res = await health(new Request("http://atlas.test/api/health", { headers }), {
    params: Promise.resolve({}),
  });
  session.user = null;
  return (await res.json()) as Record<string, unknown>;
}

describe(`information exposure on ${process.env.TEST_DB_KIND}`, () => {
  it("tells anonymous callers and viewers only ok or degraded", async () => {
    for (const body of [await ask(null), await ask(viewer)]) {
      expect(Object.keys(body)).toEqual(["status"]);
      expect(["ok", "degraded"]).toContain(body.status);
    }
  });

  it("gives admins and API tokens the details", async () => {
    for (const body of [await ask(admin), await ask(null, token)]) {
      expect(body).toMatchObject({ db: { ok: true }, upstream: expect.any(Object) });
    }
  });

  it("does not relay the vendor's error body to viewers", () => {
    const vendor = classifyHttpError(
      400,
      new Headers(),
      JSON.stringify({
        statusCode: 400,
        message: "Internal: subscription 7781 of ACME, node az-west-3 failed",
      }),
    );
    const shown = upstreamToAppError(vendor);
    expect(shown.status).toBe(502);
    expect(shown.message).not.toContain("7781");
    expect(shown.message).not.toContain("az-west-3");
    expect(JSON.stringify(shown.details ?? null)).not.toContain("7781");
  });
});
