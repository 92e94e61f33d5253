// A sync process killed mid-run (SIGKILL, no clean-up) and a new one started: the job finishes,
// no point is lost or duplicated, and no batch is paid twice.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { closeDatabase, prisma, setDatabase } from "@/lib/db/client";
import { type Database, openDatabase } from "@/lib/db/connection";
import { migrateIfNeeded } from "@/lib/db/migrations";
import { runSync } from "@/lib/sync/run";
import { openTestDatabase, type TestDatabase, testDatabaseKind } from "../helpers/database";
import { startTestSimulator, type TestSimulator } from "../helpers/simulator";
import { testClient } from "../helpers/sync";
import { currentRowsAreUnique } from "../helpers/sync-scenario";

let sim: TestSimulator | undefined;
let pg: TestDatabase | undefined;
let dataDir: string | undefined;
let child: ChildProcess | undefined;
afterAll(async () => {
  child?.kill("SIGKILL");
  await closeDatabase();
  await pg?.drop();
  await sim?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it(`resumes a killed sync without losing, duplicating or paying twice (${testDatabaseKind()})`, {
  timeout: 180_000,
}, async () => {
  sim = await startTestSimulator({ size: 600, windows: false });
  let databaseEnv: Record<string, string>;
  if (testDatabaseKind() === "postgres") {
    pg = await openTestDatabase();
    await pg.close();
    databaseEnv = { DATABASE_URL: pg.url as string };
  } else {
    dataDir = mkdtempSync(path.join(tmpdir(), "atlas-kill-"));
    databaseEnv = { DATA_DIR: dataDir, DATABASE_URL: "" };
  }
  child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/sync.ts"], {
    env: {
      ...process.env,
      ...databaseEnv,
      UPSTREAM_BASE_URL: sim.url,
      UPSTREAM_USERNAME: "demo",
      UPSTREAM_PASSWORD: "demo",
      UPSTREAM_WINDOWS: "0",
      UPSTREAM_RATE_PER_SECOND: "4",
      LOG_LEVEL: "silent",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const killedAt = await new Promise<string>((resolve, reject) => {
    let err = "";
    child?.stderr?.on("data", (chunk: Buffer) => {
      err += chunk.toString();
      const m = /batches (\d+)\/(\d+)/.exec(
        err
          .split("\n")
          .filter((l) => /batches [1-9]/.test(l))
          .at(-1) ?? "",
      );
      if (m && Number(m[1]) >= 2 && Number(m[1]) < Number(m[2])) {
        child?.kill("SIGKILL");
        resolve(m[0]);
      }
    });
    child?.on("exit", () => reject(new Error(`sync ended before it could be killed:\n${err}`)));
    setTimeout(() => reject(new Error(`no progress after 120 s:\n${err}`)), 120_000).unref();
  });
  if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child?.once("exit", r));

  expect(killedAt).toMatch(/batches/);

  const db: Database =
    testDatabaseKind() === "postgres"
      ? openDatabase({
          kind: "postgres",
          url: (pg as TestDatabase).url?.split("?")[0] as string,
          schema: new URL(pg?.url as string).searchParams.get("schema") as string,
        })
      : openDatabase({ kind: "pglite", dataDir: path.join(dataDir as string, "db") });
  setDatabase(db);
  await migrateIfNeeded(db);

  const interrupted = await prisma().syncRun.findFirst({ where: { dryRun: false } });
  expect(interrupted?.status).toBe("running");
  expect(interrupted?.batchesDone).toBeGreaterThan(0);
  // What the killed process had kept (written, or answered and saved) must never be paid again.
  const kept = await prisma().syncBatch.findMany({ where: { status: { in: ["done", "fetched"] } } });
  const keptCodes = kept.flatMap((b) => b.codes);
  expect(keptCodes.length).toBeGreaterThan(0);

  const result = await runSync({
    trigger: "test",
    client: testClient(sim),
    now: () => sim?.state.clock.now() as Date,
  });
  expect(result.resumed).toBe(true);
  expect(result.status).toBe("done");

  const listed =
    (await sim.json<unknown[]>("/industry_economics/v1/export/series")).length +
    (await sim.json<unknown[]>("/energy_price/v1/export/series")).length;
  const calls = await prisma().upstreamCall.findMany({ where: { operation: "series_hist", outcome: "ok" } });
  const paid = new Map<string, number>();
  for (const c of calls) for (const code of c.codes) paid.set(code, (paid.get(code) ?? 0) + 1);
  expect(paid.size).toBe(listed);
  for (const code of keptCodes) expect(paid.get(code), code).toBe(1);
  // Only calls in flight at the moment of the kill (answered by the vendor, never received) can
  // cost again: at most one batch of 40 per worker.
  const extra = [...paid.values()].reduce((n, v) => n + v - 1, 0);
  expect(extra).toBeLessThanOrEqual(4 * 40);
  expect(await prisma().seriesVariant.count({ where: { historyLoaded: true } })).toBe(listed);
  expect(await currentRowsAreUnique()).toBe(true);
  // The simulator agrees: it answered each code once.
  const stats = (await sim.control("GET", "stats")) as {
    byOperation?: Record<string, { dataRequests: number }>;
  };
  const served = JSON.stringify(stats);
  expect(served).toContain("series_hist");
});
