// One scenario: a fresh database and a fresh simulator, the real client over HTTP between them.
import { prisma } from "@/lib/db/client";
import { runSync, type SyncOptions } from "@/lib/sync/run";
import type { ClientConfig } from "@/lib/upstream/client";
import type { SimulatorInput } from "@/simulator/config";
import { installTestDatabase, type TestDatabase } from "./database";
import { startTestSimulator, type TestSimulator } from "./simulator";
import { testClient } from "./sync";

export type Scenario = {
  db: TestDatabase;
  sim: TestSimulator;
  sync(options?: Partial<SyncOptions>, client?: Partial<ClientConfig>): ReturnType<typeof runSync>;
  listedCodes(): Promise<number>;
  /** data requests paid per code across all runs (a code paid twice shows 2) */
  paidPerCode(): Promise<Map<string, number>>;
  close(): Promise<void>;
};

// One migrated database per test file, emptied for each scenario: migrating is the slow part.
let shared: TestDatabase | undefined;

async function emptyDatabase(): Promise<void> {
  const tables = await prisma().$queryRaw<{ tablename: string }[]>`
    SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> '_prisma_migrations'`;
  await prisma().$executeRawUnsafe(
    `TRUNCATE ${tables.map((t) => `"${t.tablename}"`).join(", ")} RESTART IDENTITY CASCADE`,
  );
}

/** Drops the file's scenario database (call from afterAll). */
export async function dropScenarioDatabase(): Promise<void> {
  await shared?.drop();
  shared = undefined;
}

export async function scenario(sim: SimulatorInput = {}): Promise<Scenario> {
  shared ??= await installTestDatabase();
  const db = shared;
  await emptyDatabase();
  const s = await startTestSimulator({ size: 90, ...sim });
  return {
    db,
    sim: s,
    sync: (options = {}, client = {}) =>
      runSync({ trigger: "test", client: testClient(s, client), now: () => s.state.clock.now(), ...options }),
    async listedCodes() {
      const a = await s.json<unknown[]>("/industry_economics/v1/export/series");
      const b = await s.json<unknown[]>("/energy_price/v1/export/series");
      return a.length + b.length;
    },
    async paidPerCode() {
      const calls = await prisma().upstreamCall.findMany({
        where: { operation: { in: ["series", "series_hist"] }, outcome: "ok" },
      });
      const paid = new Map<string, number>();
      for (const c of calls)
        for (const code of c.codes)
          paid.set(`${c.service}|${code}`, (paid.get(`${c.service}|${code}`) ?? 0) + 1);
      return paid;
    },
    async close() {
      await s.close();
    },
  };
}

/** No (variant, month) has two current rows. */
export async function currentRowsAreUnique(): Promise<boolean> {
  const rows = await prisma().$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM (SELECT "variantId", "month" FROM "Observation" WHERE "validTo" IS NULL
    GROUP BY 1, 2 HAVING count(*) > 1) d`;
  return Number(rows[0]?.n) === 0;
}
