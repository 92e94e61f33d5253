// `npm run sync -- [--dry-run] [--json]`: plan (and run) a sync of the vendor's data into the
// database. With the embedded database held by a running app, it asks the app to do it (through
// the admin API and the local CLI token); otherwise it opens the database itself.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { closeDatabase, database } from "@/lib/db/client";
import { EmbeddedDatabaseBusyError, readEmbeddedLock } from "@/lib/db/embedded-lock";
import { migrateIfNeeded } from "@/lib/db/migrations";
import {
  isActiveRun,
  runViewSchema,
  type SyncSummary,
  summaryOfRun,
  syncSummarySchema,
} from "@/lib/domain/sync-run";
import { ConfigError, env, setProcessEnv } from "@/lib/env";
import { runSync } from "@/lib/sync/run";
import { startSimulator } from "@/simulator/server";
import { progressReporter } from "./lib/progress";

const USAGE = "Usage: npm run sync -- [--dry-run] [--json]";
const argsSchema = z.object({
  "dry-run": z.boolean().default(false),
  json: z.boolean().default(false),
  help: z.boolean().default(false),
});

function parseCli() {
  try {
    const { values } = parseArgs({
      options: {
        "dry-run": { type: "boolean" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    });
    return argsSchema.parse(values);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
}

const progress = progressReporter();
const progressSchema = z.object({ current: runViewSchema.nullable() });
const errorSchema = z.object({ error: z.object({ message: z.string() }) });

function printSummary(s: SyncSummary, json: boolean): void {
  if (json) {
    console.log(JSON.stringify(s));
    return;
  }
  const ratio = s.minimumDataRequests ? (s.dataRequests / s.minimumDataRequests).toFixed(2) : "—";
  console.log(`${s.status.toUpperCase()}: ${s.message}`);
  console.log(
    `calls ${s.calls} · data requests ${s.dataRequests} (minimum ${s.minimumDataRequests}, ratio ${ratio}) · assessments changed ${s.assessments} · observations stored ${s.observations}`,
  );
  if (s.plan) {
    const p = s.plan;
    console.log(
      `plan: ${p.calls} call(s), ${p.dataRequests} data request(s) — ${
        Object.entries(p.byReason)
          .filter(([, n]) => n)
          .map(([r, n]) => `${n} ${r}`)
          .join(", ") || "nothing to fetch"
      }`,
    );
    const short = p.byDataset.filter((d) => d.available !== null && d.needed > d.planned);
    for (const d of short)
      console.log(`  ${d.service} ${d.dataset}: needs ${d.needed}, budget allows ${d.planned} now`);
  }
  if (s.deferred) console.log(`deferred to a later run: ${s.deferred} code(s)`);
  if (s.nextAttemptAt) console.log(`next attempt: ${s.nextAttemptAt}`);
}

async function throughApp(port: number, dryRun: boolean, json: boolean): Promise<SyncSummary> {
  const token = readFileSync(path.join(env().dataDir, ".cli-token"), "utf8").trim();
  const base = `http://127.0.0.1:${port}`;
  const call = async (method: string, url: string, body?: unknown): Promise<unknown> => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data: unknown = await res.json();
    if (!res.ok) throw new Error(errorSchema.safeParse(data).data?.error.message ?? `HTTP ${res.status}`);
    return data;
  };
  if (!json) progress.note(`The app (port ${port}) holds the embedded database: asking it to sync.`);
  const started = await call("POST", "/api/admin/sync", { dryRun });
  if (dryRun) return syncSummarySchema.parse(started);
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    const current = progressSchema.parse(await call("GET", "/api/admin/sync/progress")).current;
    if (!current) continue;
    if (!json)
      progress.update(
        "batches",
        current.batches.done,
        current.batches.total,
        `${current.observations} observations`,
      );
    if (!isActiveRun(current.status)) {
      progress.end();
      return summaryOfRun(current);
    }
  }
}

async function direct(dryRun: boolean, json: boolean): Promise<SyncSummary> {
  const config = env();
  let closeSimulator: (() => Promise<void>) | null = null;
  if (!config.UPSTREAM_BASE_URL) {
    const sim = await startSimulator({ port: 0, windows: false });
    closeSimulator = sim.close;
    setProcessEnv({
      UPSTREAM_BASE_URL: sim.url,
      UPSTREAM_USERNAME: "demo",
      UPSTREAM_PASSWORD: "demo",
      UPSTREAM_BUNDLED: "1",
      UPSTREAM_WINDOWS: "0",
    });
    if (!json) progress.note(`No UPSTREAM_BASE_URL: using the bundled simulator (${sim.url}).`);
  }
  const db = database({ purpose: "npm run sync" });
  try {
    await migrateIfNeeded(db);
    return await runSync({
      trigger: "cli",
      dryRun,
      requestedBy: "cli",
      onProgress: (p) => {
        if (json) return;
        if (p.phase === "catalogue") progress.note(`Series Info: ${p.service}`);
        else if (p.phase === "datasets") progress.note(`Learning quota datasets: ${p.service}`);
        else
          progress.update(
            "batches",
            p.batchesDone ?? 0,
            p.batchesTotal ?? 0,
            `${p.observations ?? 0} observations`,
          );
      },
    });
  } finally {
    progress.end();
    await closeDatabase();
    await closeSimulator?.();
  }
}

async function main() {
  const args = parseCli();
  if (args.help) {
    console.log(
      `${USAGE}\n  --dry-run  print the plan and its cost; fetch no series\n  --json     print one JSON object at the end`,
    );
    return;
  }
  const config = env();
  const holder = config.embeddedDatabase ? readEmbeddedLock(config.dataDir) : null;
  const summary = holder?.port
    ? await throughApp(holder.port, args["dry-run"], args.json)
    : await direct(args["dry-run"], args.json);
  printSummary(summary, args.json);
  process.exitCode = summary.status === "failed" ? 1 : summary.status === "busy" ? 3 : 0;
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof EmbeddedDatabaseBusyError)
    console.error(error.message);
  else console.error(`Sync failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
