// `npm start`: validate the configuration, start the bundled simulator when no vendor is
// configured, build if needed, migrate, create the first users, and serve. `--dev` serves with
// `next dev` instead of building; `--prepare-only` migrates and creates the first users, then exits.
// Every step is safe when several instances start at the same moment.
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nextEnv from "@next/env";
import { CLI_TOKEN_FILE, newCliToken } from "@/lib/auth/api-tokens";
import { authSecret } from "@/lib/auth/secret";
import { countAssessments } from "@/lib/db/assessments";
import { closeDatabase, database } from "@/lib/db/client";
import { describeTarget } from "@/lib/db/connection";
import { EmbeddedDatabaseBusyError } from "@/lib/db/embedded-lock";
import { migrateIfNeeded } from "@/lib/db/migrations";
import { withStartupLock } from "@/lib/db/startup-lock";
import { ConfigError, env, listenHost, processEnvForChild, setProcessEnv } from "@/lib/env";
import { ensureFirstUsers } from "@/lib/services/users";
import { buildIsStale, buildNext, builtServerConfig, withBuildLock } from "./lib/build";
import { nextBin, startAndWait, waitForHealth } from "./lib/processes";

const root = process.cwd();
const dev = process.argv.includes("--dev");
/** `--prepare-only`: migrate and create the first users, then exit (an init step before N instances). */
const prepareOnly = process.argv.includes("--prepare-only");
const children: ChildProcess[] = [];
const say = (line: string) => console.log(`[price-atlas] ${line}`);

async function startBundledSimulator(port: number, extra: string[] = []): Promise<string> {
  const args = ["--import", "tsx", "simulator/main.ts", "--no-windows", "--host", "127.0.0.1", ...extra];
  for (const candidate of [port, 0]) {
    try {
      const { child, match } = await startAndWait(
        [...args, "--port", String(candidate)],
        process.env,
        /listening on (http:\/\/\S+)/,
        "simulator",
      );
      children.push(child);
      child.stdout?.resume();
      return match[1] as string;
    } catch (error) {
      if (candidate === 0 || !String(error).includes("EADDRINUSE")) throw error;
      say(`port ${port} is taken; starting the simulator on a free port`);
    }
  }
  throw new Error("unreachable");
}

/** Migrates and creates the first users; says whether the catalogue is still empty (a first start). */
async function prepareDatabase(): Promise<{ empty: boolean }> {
  const db = database({ purpose: "npm start (migrations)" });
  try {
    // Safe when N instances start at once: the second waits for the first, then finds it done.
    const { applied, created } = await withStartupLock(db, async () => ({
      applied: await migrateIfNeeded(db),
      created: await ensureFirstUsers(),
    }));
    const empty = (await countAssessments()) === 0;
    say(
      `database: ${describeTarget(db.target)}${applied.length ? `, applied ${applied.join(", ")}` : ", up to date"}`,
    );
    if (created.length) {
      say("first start: created these logins (shown once; change the passwords under Your account):");
      for (const u of created) say(`  ${u.role.padEnd(6)} ${u.email} / ${u.password}`);
    }
    return { empty };
  } finally {
    await closeDatabase();
  }
}

async function main() {
  // Settings in .env files (the Next.js convention) apply to every step of the start and reach the
  // server through its environment (it is handed the build's configuration and does not read them).
  nextEnv.loadEnvConfig(root, dev, { info: say, error: (line: string) => console.error(line) });
  const config = env();
  const secret = authSecret();
  const port = config.PORT;
  const host = listenHost(config);
  const publicUrl = config.NEXTAUTH_URL ?? `http://localhost:${port}`;
  setProcessEnv({ NEXTAUTH_SECRET: secret, NEXTAUTH_URL: publicUrl });
  if (prepareOnly) {
    await prepareDatabase();
    say("database prepared");
    return;
  }

  const bundled = !config.UPSTREAM_BASE_URL;
  if (bundled) setProcessEnv({ UPSTREAM_BUNDLED: "1" });
  const { empty } = await prepareDatabase();
  if (bundled) {
    // A fresh demo starts the simulator DEMO_HISTORY_MONTHS back and the app replays its releases
    // up to today in the background (lib/sync/demo-history.ts), so vintages, revisions and forecast
    // errors exist from the first minutes, as they would after months against the vendor.
    const months = empty ? config.DEMO_HISTORY_MONTHS : 0;
    // A given SIMULATOR_CONTROL_TOKEN opens the control API without a replay (end-to-end tests
    // move the simulator's clock to a release with it).
    const control = months ? randomBytes(24).toString("base64url") : config.SIMULATOR_CONTROL_TOKEN;
    const past = new Date();
    past.setUTCMonth(past.getUTCMonth() - months);
    const url = await startBundledSimulator(
      config.SIMULATOR_PORT,
      control ? ["--clock", past.toISOString(), "--control", "--control-token", control] : [],
    );
    setProcessEnv({
      UPSTREAM_BASE_URL: url,
      UPSTREAM_USERNAME: "demo",
      UPSTREAM_PASSWORD: "demo",
      UPSTREAM_WINDOWS: "0",
      ...(control ? { SIMULATOR_CONTROL_TOKEN: control } : {}),
    });
    say(`upstream: bundled simulator at ${url} (set UPSTREAM_BASE_URL to use the vendor)`);
    if (months) say(`demo: replaying the last ${months} monthly releases in the background`);
  } else if (config.UPSTREAM_BASE_URL) {
    say(`upstream: ${new URL(config.UPSTREAM_BASE_URL).host}${config.UPSTREAM_SANDBOX ? " (sandbox)" : ""}`);
  }

  if (!dev) {
    // One build at a time when several instances start from the same folder.
    await withBuildLock(root, async () => {
      const stale = buildIsStale(root);
      if (stale) {
        say(`building (${stale}) …`);
        buildNext(root, processEnvForChild({ NODE_ENV: "production" }));
      }
    });
  }
  // A new local token at every start (the old one stops working); the app accepts it only from this
  // machine and only on the sync endpoints, so `npm run sync` on this host can reach it.
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(path.join(config.dataDir, CLI_TOKEN_FILE), newCliToken(), { mode: 0o600 });

  // V8 grows its heap lazily under load; a limit makes it collect sooner. The C heap is kept to one
  // malloc arena that hands freed memory back to the system above 128 kB instead of keeping it for
  // later. (Mapping blocks from 32 kB on their own would free ≈ 45 MB more, V8's compile segments,
  // but costs ≈ 20 % of the API's answers per second flat out: `npm run bench:memory`.)
  // Development keeps the defaults. The server gets the configuration the build resolved rather
  // than compiling next.config.ts again (see build.ts). `npm run bench:api` reports where the
  // memory is.
  const heap = dev ? [] : [`--max-old-space-size=${config.APP_HEAP_MB}`, "--max-semi-space-size=8"];
  const args = [...heap, nextBin(), dev ? "dev" : "start", "-p", String(port), "-H", host];
  const tunables = ["glibc.malloc.arena_max=1", "glibc.malloc.trim_threshold=131072"];
  // An operator's own GLIBC_TUNABLES comes last: glibc takes the last value given.
  const malloc = { GLIBC_TUNABLES: [...tunables, process.env.GLIBC_TUNABLES].filter(Boolean).join(":") };
  const built = dev ? null : builtServerConfig(root);
  const nextConfig: Record<string, string> = built ? { __NEXT_PRIVATE_STANDALONE_CONFIG: built } : {};
  const { child } = await startAndWait(
    args,
    processEnvForChild(
      dev ? { NODE_ENV: "development" } : { NODE_ENV: "production", ...malloc, ...nextConfig },
    ),
    /Ready|ready|started server/i,
    "next",
  );
  children.push(child);
  child.stdout?.pipe(process.stdout);
  child.stderr?.pipe(process.stderr);
  child.once("exit", (code) => shutdown(code ?? 1));
  const probeHost =
    host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  const health = await waitForHealth(`http://${probeHost}:${port}/api/health`, ["ok", "degraded"], 60_000);
  say(
    `ready at ${publicUrl} (health: ${health.status}; listening on ${host}${host === "127.0.0.1" ? " only — set HOST to change" : ""})`,
  );
}

function shutdown(code: number): void {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 300).unref();
}

process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));

main().then(
  () => {
    if (prepareOnly) process.exit(0);
  },
  (error) => {
    if (error instanceof ConfigError || error instanceof EmbeddedDatabaseBusyError)
      console.error(error.message);
    else
      console.error(
        `[price-atlas] could not start: ${error instanceof Error ? error.message : String(error)}`,
      );
    shutdown(1);
  },
);
