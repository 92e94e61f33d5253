// Fetching a rendering nobody asked for yet spends vendor quota: only from our own pages or with a
// token, within a per-user daily rate and a per-dataset ceiling, both admin-set.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { prisma } from "@/lib/db/client";
import type { SessionUser } from "@/lib/domain/roles";
import { assertOnDemandAllowed, updateOnDemandPolicy } from "@/lib/services/on-demand-policy";
import { readSeries } from "@/lib/services/series";
import { addUser } from "@/lib/services/users";
import { installTestDatabase, type TestDatabase } from "../helpers/database";

const request = vi.hoisted(() => ({ headers: null as Headers | null }));
vi.mock("next/headers", () => ({
  headers: async () => {
    if (!request.headers) throw new Error("outside a request");
    return request.headers;
  },
}));

let db: TestDatabase;
let viewer: SessionUser;
let admin: SessionUser;
const target = { service: "industry_economics", dataset: "Germany" };

async function assessment(code: string, dataset: string) {
  await prisma().assessment.create({
    data: {
      service: "industry_economics",
      code,
      assessment: `A ${code}`,
      product: "p",
      commodity: "c",
      coverage: dataset,
      location: dataset,
      specification: "s",
      availableCurrencies: ["EUR", "USD"],
      availableUnits: ["kWh"],
      defaultCurrency: "EUR",
      defaultUnit: "kWh",
      hasForecast: false,
      hasPreliminary: false,
      seriesHistChanged: false,
      remark1: "",
      kind: "utility",
      dataset,
      searchText: code,
      raw: {},
    },
  });
}

async function spent(userId: string | null, codes: string[], at = new Date()) {
  await prisma().upstreamCall.create({
    data: {
      at,
      service: "industry_economics",
      operation: "series_hist",
      codes,
      dataRequests: codes.length,
      status: 200,
      outcome: "ok",
      latencyMs: 10,
      cause: "on-demand",
      userId,
    },
  });
}

beforeAll(async () => {
  db = await installTestDatabase();
  const v = await addUser(null, { email: "v@od.test", password: "password-1", role: "viewer" });
  const a = await addUser(null, { email: "a@od.test", password: "password-1", role: "admin" });
  viewer = { id: v.id, email: v.email, name: null, role: "viewer" };
  admin = { id: a.id, email: a.email, name: null, role: "admin" };
  for (let i = 1; i <= 5; i++) await assessment(`5-5-${i}`, "Germany");
  await assessment("6-6-1", "France");
});
beforeEach(async () => {
  request.headers = new Headers({ "sec-fetch-site": "same-origin" });
  await prisma().upstreamCall.deleteMany();
  await updateOnDemandPolicy({ perUserDaily: 20, perDatasetMonthly: 100 }, "test");
});
afterAll(async () => {
  await db.drop();
});

describe(`on-demand fetch policy on ${process.env.TEST_DB_KIND}`, () => {
  it("refuses a fetch started by another site, before the vendor is asked", async () => {
    request.headers = new Headers({ "sec-fetch-site": "cross-site" });
    await expect(assertOnDemandAllowed(viewer, target)).rejects.toMatchObject({ status: 403 });
    // through the series read: the missing EUR/kWh rendering is not fetched, nothing is spent
    await expect(
      readSeries(viewer, { service: "industry_economics", code: "5-5-1" }, { currency: "USD" }),
    ).rejects.toMatchObject({ status: 403 });
    expect(await prisma().upstreamCall.count()).toBe(0);
    request.headers = new Headers({ "sec-fetch-site": "none" });
    await expect(assertOnDemandAllowed(viewer, target)).resolves.toBeUndefined();
    request.headers = new Headers({ "sec-fetch-site": "cross-site", authorization: "Bearer pa_x" });
    await expect(assertOnDemandAllowed(viewer, target)).resolves.toBeUndefined();
  });

  it("limits each user's codes per day (admin-set), names whom to ask, and exempts admins", async () => {
    await updateOnDemandPolicy({ perUserDaily: 3 }, "test");
    await spent(viewer.id, ["5-5-1", "5-5-2"]);
    await spent(viewer.id, ["5-5-3"], new Date(Date.now() - 2 * 86_400_000)); // older than a day
    await expect(assertOnDemandAllowed(viewer, target)).resolves.toBeUndefined();
    await spent(viewer.id, ["5-5-4"]);
    const error = await assertOnDemandAllowed(viewer, target).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, details: { limit: 3, used: 3, ask: ["a@od.test"] } });
    expect((error as Error).message).toContain("a@od.test");
    await expect(assertOnDemandAllowed(admin, target)).resolves.toBeUndefined();
  });

  it("stops at the admin-set ceiling of a dataset, whoever asks", async () => {
    await updateOnDemandPolicy({ perDatasetMonthly: 4 }, "test");
    await spent(null, ["5-5-1", "5-5-2", "6-6-1"]);
    await expect(assertOnDemandAllowed(admin, target)).resolves.toBeUndefined();
    await spent(admin.id, ["5-5-3", "5-5-4"]);
    await expect(assertOnDemandAllowed(admin, target)).rejects.toMatchObject({
      status: 429,
      details: { ceiling: 4, spent: 4 },
    });
    await expect(assertOnDemandAllowed(admin, { ...target, dataset: "France" })).resolves.toBeUndefined();
  });
});
