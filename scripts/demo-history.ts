// `npm run demo:history -- [--months 24]`: before the first `npm start`, fills the demo database
// with the bundled simulator's last N monthly releases, synced one after another as they would have
// been, so vintages, revisions and forecast accuracy have a history to show. It starts its own
// simulator (a past clock, moved release by release through the control API) and stops at the
// release `npm start`'s simulator serves today. Only for the bundled simulator and an empty database.
import { parseArgs } from "node:util";
import { closeDatabase, database } from "@/lib/db/client";
import { readEmbeddedLock } from "@/lib/db/embedded-lock";
import { migrateIfNeeded } from "@/lib/db/migrations";
import { countObservations } from "@/lib/db/observations";
import { VENDOR_CALENDAR } from "@/lib/domain/calendar";
import { env } from "@/lib/env";
import { runSync } from "@/lib/sync/run";
import { databaseStores } from "@/lib/sync/upstream";
import { UpstreamClient } from "@/lib/upstream/client";
import { startSimulator } from "@/simulator/server";

const USAGE = "Usage: npm run demo:history -- [--months 24]";

function months(): number {
  const { values } = parseArgs({ options: { months: { type: "string" } }, strict: true });
  const n = Number(values.months ?? 24);
  if (!Number.isInteger(n) || n < 1 || n > 120) {
    console.error(`--months must be a whole number from 1 to 120.\n${USAGE}`);
    process.exit(2);
  }
  return n;
}

async function main() {
  const n = months();
  const config = env();
  if (config.UPSTREAM_BASE_URL)
    throw new Error("UPSTREAM_BASE_URL is set: history is replayed from the bundled simulator only.");
  if (config.embeddedDatabase && readEmbeddedLock(config.dataDir)?.port)
    throw new Error("The app is running on this database: stop it first, then run this before `npm start`.");
  const db = database({ purpose: "npm run demo:history" });
  const today = new Date();
  const start = new Date(today);
  start.setUTCMonth(start.getUTCMonth() - n);
  const sim = await startSimulator({ port: 0, windows: false, control: true, clock: start.toISOString() });
  try {
    await migrateIfNeeded(db);
    if ((await countObservations()) > 0)
      throw new Error("The database already holds series: history is replayed into an empty one only.");
    const now = () => sim.state.clock.now();
    const client = new UpstreamClient(
      {
        baseUrl: sim.url,
        username: "demo",
        password: "demo",
        sandbox: false,
        timeoutMs: 30_000,
        ratePerSecond: 10,
        dailyQuota: 8000,
        seriesInfoMonthlyQuota: 10_000,
        // The bundled simulator keeps no windows and publishes at 10:00 Central.
        calendar: { ...VENDOR_CALENDAR, windows: false, releaseAt: { hour: 10, minute: 0 } },
        maxAttempts: 4,
        maxWaitMs: 10_000,
        now,
      },
      databaseStores,
    );
    const control = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${sim.url}/_control/${path}`, {
        method,
        headers: { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`simulator control ${path}: ${res.status}`);
      return (await res.json()) as Record<string, unknown>;
    };
    const sync = async (label: string) => {
      const r = await runSync({ trigger: "cli", requestedBy: "demo-history", client, now });
      console.log(`${label}: ${r.status}, ${r.calls} call(s), ${r.observations} observation(s) stored`);
      if (r.status !== "done") throw new Error(`sync ${r.status}: ${r.message}`);
    };
    await sync(`first sync at ${now().toISOString().slice(0, 10)}`);
    for (let i = 1; ; i++) {
      const state = await control("GET", "state");
      const next = new Date(String(state.nextRelease ?? ""));
      if (Number.isNaN(next.getTime()) || next > today) break;
      await control("POST", "clock", { advance: "next-release" });
      await control("POST", "clock", { advanceMs: 3_600_000 });
      await sync(`release ${i} (${now().toISOString().slice(0, 10)})`);
    }
    console.log("Done: `npm start` now shows these vintages.");
  } finally {
    await closeDatabase();
    await sim.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
