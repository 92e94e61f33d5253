// `npm run bench:sync`: the sync engine against the simulator (over HTTP), on embedded PGlite and —
// when PostgreSQL is reachable (BENCH_DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/postgres)
// — on PostgreSQL. For the first full load and one monthly refresh of the default catalogue it
// prints calls, data requests, the minimum possible, the ratio, series loaded vs subscribed, and
// wall time against the bound of 10 requests/s per operation — with the simulator's default habits
// and with its live profile (unpublished region keys learned by probing, no History, transient
// 503/500s, tokens revoked early, strings for scalars). Baseline in the same run: a naive client that asks History for one
// code per call (timed on a sample of 200 codes per service and scaled to the catalogue).
import { randomBytes } from "node:crypto";
import pg from "pg";
import { prisma, setDatabase } from "@/lib/db/client";
import { openDatabase } from "@/lib/db/connection";
import { applyMigrations } from "@/lib/db/migrations";
import { setProcessEnv } from "@/lib/env";
import { runSync, type SyncSummary } from "@/lib/sync/run";
import { startSimulator } from "@/simulator/server";
import { testClient } from "../../tests/helpers/sync";
import { fmt, table } from "./http-load";

setProcessEnv({ LOG_LEVEL: "silent" });
const CLOCK = "2026-11-20T18:00:00Z";
const SERVICES = ["industry_economics", "energy_price"] as const;

async function rateBoundSeconds(runId: string): Promise<number> {
  const rows = await prisma().upstreamCall.groupBy({
    by: ["service", "operation"],
    where: { syncRunId: runId },
    _count: { _all: true },
  });
  return Math.max(0, ...rows.map((r) => r._count._all / 10));
}

/** Listed assessments whose default rendering holds data, and all listed assessments. */
async function loadedOfListed(): Promise<string> {
  const [loaded, listed] = await Promise.all([
    prisma().assessment.count({
      where: { vanishedAt: null, variants: { some: { isDefault: true, lastFetchedAt: { not: null } } } },
    }),
    prisma().assessment.count({ where: { vanishedAt: null } }),
  ]);
  return `${loaded} / ${listed}`;
}

async function measure(label: string, run: () => Promise<SyncSummary>) {
  const t0 = performance.now();
  const s = await run();
  const wall = (performance.now() - t0) / 1000;
  if (s.status !== "done") throw new Error(`${label}: ${s.status} ${s.message}`);
  const bound = await rateBoundSeconds(s.runId as string);
  return {
    label,
    loaded: await loadedOfListed(),
    calls: s.calls,
    dataRequests: s.dataRequests,
    minimum: s.minimumDataRequests,
    observations: s.observations,
    wall,
    bound,
  };
}

async function benchDatabase(
  kind: string,
  open: () => Promise<{ close(): Promise<void> }>,
  profile: "default" | "live",
) {
  const sim = await startSimulator({ port: 0, windows: false, clock: CLOCK, control: true, profile });
  kind = `${kind}, ${profile} profile`;
  const db = await open();
  try {
    const client = testClient(sim, { maxWaitMs: 10_000 });
    const now = () => sim.state.clock.now();
    const full = await measure(`${kind}: first full load`, () => runSync({ trigger: "bench", client, now }));
    await fetch(`${sim.url}/_control/clock`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ advance: "next-release" }),
    });
    await fetch(`${sim.url}/_control/clock`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ advanceMs: 3_600_000 }),
    });
    const refresh = await measure(`${kind}: monthly refresh`, () =>
      runSync({ trigger: "bench", client, now }),
    );
    return [full, refresh];
  } finally {
    await db.close();
    await sim.close();
  }
}

/** One code per History call, paced at 10/s per service, over a sample; scaled to the catalogue. */
async function naive(sample: number) {
  const sim = await startSimulator({ port: 0, windows: false, clock: CLOCK });
  try {
    const login = await fetch(`${sim.url}/access_token/v1`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "demo", password: "demo" }),
    });
    const { access_token } = (await login.json()) as { access_token: string };
    const auth = { authorization: `Bearer ${access_token}` };
    let codes = 0;
    let sampled = 0;
    const t0 = performance.now();
    await Promise.all(
      SERVICES.map(async (service) => {
        const info = (await (
          await fetch(`${sim.url}/${service}/v1/export/series`, { headers: auth })
        ).json()) as { code: string }[];
        codes += info.length;
        for (const { code } of info.slice(0, sample)) {
          const started = performance.now();
          const res = await fetch(`${sim.url}/${service}/v1/export/series_hist/${code}`, { headers: auth });
          await res.arrayBuffer();
          sampled++;
          await new Promise((r) => setTimeout(r, Math.max(0, 100 - (performance.now() - started))));
        }
      }),
    );
    const wall = ((performance.now() - t0) / 1000) * (codes / sampled);
    return { codes, calls: codes + 2, dataRequests: codes, wall, bound: codes / 2 / 10 };
  } finally {
    await sim.close();
  }
}

async function main() {
  const results = [];
  for (const profile of ["default", "live"] as const)
    results.push(
      ...(await benchDatabase(
        "PGlite",
        async () => {
          const db = openDatabase({ kind: "pglite", dataDir: null });
          await applyMigrations(db.adapterFactory);
          setDatabase(db);
          return db;
        },
        profile,
      )),
    );
  const url = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  const probe = new pg.Client({ connectionString: url });
  const reachable = await probe.connect().then(
    () => true,
    () => false,
  );
  if (reachable) {
    await probe.query("CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public");
    for (const profile of ["default", "live"] as const) {
      const schema = `bench_${randomBytes(4).toString("hex")}`;
      await probe.query(`CREATE SCHEMA "${schema}"`);
      try {
        results.push(
          ...(await benchDatabase(
            "PostgreSQL",
            async () => {
              const db = openDatabase({ kind: "postgres", url, schema });
              await applyMigrations(db.adapterFactory);
              setDatabase(db);
              return db;
            },
            profile,
          )),
        );
      } finally {
        await probe.query(`DROP SCHEMA "${schema}" CASCADE`);
      }
    }
  }
  await probe.end().catch(() => {});
  const n = await naive(200);
  console.log("\nSync engine vs the minimum and the rate bound (default catalogue, simulator over HTTP)\n");
  table(
    [
      "run",
      "calls",
      "data requests",
      "minimum",
      "ratio",
      "loaded / listed",
      "observations",
      "wall s",
      "rate bound s",
      "wall / bound",
    ],
    [
      ...results.map((r) => [
        r.label,
        r.calls,
        r.dataRequests,
        r.minimum,
        r.minimum ? fmt(r.dataRequests / r.minimum, 2) : "—",
        r.loaded,
        r.observations,
        fmt(r.wall),
        fmt(r.bound),
        r.bound ? fmt(r.wall / r.bound, 2) : "—",
      ]),
      [
        "naive one-code-per-call: full load (scaled from 200/service)",
        n.calls,
        n.dataRequests,
        n.codes,
        fmt(n.dataRequests / n.codes, 2),
        "—",
        "—",
        fmt(n.wall),
        fmt(n.bound),
        fmt(n.wall / n.bound, 2),
      ],
      [
        "naive: monthly refresh (History of every code again)",
        n.calls,
        n.dataRequests,
        results[1]?.minimum ?? "—",
        results[1]?.minimum ? fmt(n.dataRequests / results[1].minimum, 2) : "—",
        "—",
        "—",
        fmt(n.wall),
        "—",
        "—",
      ],
    ],
  );
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
