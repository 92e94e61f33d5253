// N real Price Atlas instances (`npm start`, each its own Next.js server and scheduler) on one
// PostgreSQL schema and one simulator with its control API: what the README's scale-out promise is
// about. Shared by the scale-out integration test and `npm run bench:scale`.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { SimulatorInput } from "@/simulator/config";
import { startSimulator } from "@/simulator/server";

export const CLUSTER_ADMIN = { email: "ops@example.com", password: "cluster-admin-password" };

export type Instance = { port: number; base: string; child: ChildProcess; output: string[] };

export type Cluster = {
  simUrl: string;
  schema: string;
  instances: Instance[];
  /** a client of the cluster's database (for reading runs, ledger and users) */
  db: pg.Client;
  simStats(): Promise<SimStats>;
  stop(): Promise<void>;
};

export type SimStats = {
  calls: Record<string, number>;
  dataRequests: Record<string, number>;
  statuses: Record<string, number>;
  peakPerSecond: Record<string, number>;
};

function startInstance(port: number, env: Record<string, string>): Instance {
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "scripts/start.ts"],
    {
      env: { ...process.env, ...env, PORT: String(port), NEXTAUTH_URL: `http://127.0.0.1:${port}` },
      // Its own process group: stopping it stops its Next.js server too.
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const output: string[] = [];
  const keep = (d: Buffer) => {
    output.push(d.toString());
    if (output.length > 400) output.shift();
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return { port, base: `http://127.0.0.1:${port}`, child, output };
}

async function waitHealthy(instance: Instance, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (instance.child.exitCode !== null)
      throw new Error(`instance on ${instance.port} exited:\n${instance.output.join("").slice(-3000)}`);
    const ok = await fetch(`${instance.base}/api/health/live`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`instance on ${instance.port} not ready:\n${instance.output.join("").slice(-3000)}`);
}

export async function startCluster(opts: {
  databaseUrl: string;
  instances: number;
  firstPort: number;
  simulator: SimulatorInput;
  env?: Record<string, string>;
}): Promise<Cluster> {
  const sim = await startSimulator({ port: 0, control: true, windows: false, ...opts.simulator });
  const schema = `t_cluster_${randomBytes(4).toString("hex")}`;
  const db = new pg.Client({ connectionString: opts.databaseUrl });
  await db.connect();
  await db.query(`CREATE SCHEMA "${schema}"`);
  await db.query("CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public");
  await db.query(`SET search_path TO "${schema}", public`);
  const target = new URL(opts.databaseUrl);
  target.searchParams.set("schema", schema);
  const env: Record<string, string> = {
    DATABASE_URL: target.toString(),
    UPSTREAM_BASE_URL: sim.url,
    UPSTREAM_USERNAME: "demo",
    UPSTREAM_PASSWORD: "demo",
    UPSTREAM_WINDOWS: "0",
    NEXTAUTH_SECRET: "a-secret-every-instance-shares",
    ADMIN_EMAIL: CLUSTER_ADMIN.email,
    ADMIN_PASSWORD: CLUSTER_ADMIN.password,
    SYNC_ON_START: "1",
    SYNC_TICK_SECONDS: "2",
    LOG_LEVEL: "warn",
    ...opts.env,
  };
  // All at the same moment, as an orchestrator starts replicas.
  const instances = Array.from({ length: opts.instances }, (_, i) => startInstance(opts.firstPort + i, env));
  const stop = async () => {
    for (const i of instances) {
      try {
        if (i.child.pid) process.kill(-i.child.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
    await new Promise((r) => setTimeout(r, 1000));
    for (const i of instances) {
      try {
        if (i.child.pid) process.kill(-i.child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {});
    await db.end().catch(() => {});
    await sim.close();
  };
  try {
    await Promise.all(instances.map((i) => waitHealthy(i, 420_000)));
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    simUrl: sim.url,
    schema,
    instances,
    db,
    simStats: async () => (await (await fetch(`${sim.url}/_control/stats`)).json()) as SimStats,
    stop,
  };
}

/** Signs in through the app's own login (next-auth credentials) and returns the session cookie. */
export async function signIn(base: string, who = CLUSTER_ADMIN): Promise<string> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const jar = csrf.headers.getSetCookie().map((c) => c.split(";")[0]);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: jar.join("; "),
      origin: base,
    },
    body: new URLSearchParams({ csrfToken, email: who.email, password: who.password, json: "true" }),
  });
  const session = res.headers.getSetCookie().find((c) => c.includes("session-token"));
  if (!session) throw new Error(`sign-in at ${base} failed: ${res.status}`);
  return [...jar, session.split(";")[0]].join("; ");
}

/** The sync run the cluster is working on (or finished last), as stored. */
export async function latestRun(db: pg.Client) {
  const { rows } = await db.query(
    `SELECT id, status::text, holder, "batchesDone", "batchesTotal", "minimumDataRequests" FROM "SyncRun"
     WHERE "dryRun" = false ORDER BY "startedAt" DESC LIMIT 1`,
  );
  return rows[0] as
    | {
        id: string;
        status: string;
        holder: string;
        batchesDone: number;
        batchesTotal: number;
        minimumDataRequests: number;
      }
    | undefined;
}

/** Data requests the vendor was paid per code (sync and on-demand alike), from the shared ledger. */
export async function paidPerRendering(db: pg.Client): Promise<Map<string, number>> {
  const { rows } = await db.query(
    `SELECT service::text, code, coalesce("currencyId", 0) AS c, coalesce("unitId", 0) AS u, count(*)::int AS n
     FROM "UpstreamCall", unnest(codes) AS code
     WHERE operation IN ('series', 'series_hist') AND outcome = 'ok' GROUP BY 1, 2, 3, 4`,
  );
  return new Map(rows.map((r) => [`${r.service}|${r.code}|${r.c}|${r.u}`, r.n as number]));
}
