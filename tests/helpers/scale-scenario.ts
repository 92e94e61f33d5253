// The scale-out scenario, with real processes: N instances started at once on one empty PostgreSQL
// schema and one simulator; they all run the scheduler; clients ask every instance for renderings
// that need on-demand fetches while the first sync runs; the instance holding the sync is killed
// with SIGKILL mid-run; another takes the run over and finishes it. Figures come from the
// simulator's own counters and the shared ledger. Used by the integration test and bench:scale.
import type { SimulatorInput } from "@/simulator/config";
import { type Cluster, latestRun, paidPerRendering, signIn, startCluster } from "./cluster";

export type ScaleFigures = {
  instances: number;
  clients: number;
  requests: number;
  answered: number;
  peakPerSecond: Record<string, number>;
  logins: number;
  rateLimited: number;
  quotaRefused: number;
  vendorDataRequests: number;
  ledgerDataRequests: number;
  minimumDataRequests: number;
  maxPaidPerRendering: number;
  killedPid: number;
  finishedBy: string;
  runStatus: string;
  seconds: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<T | null | undefined>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

export async function runScaleScenario(opts: {
  databaseUrl: string;
  instances: number;
  clients: number;
  requestsPerClient: number;
  firstPort: number;
  simulator: SimulatorInput;
  /** kill the sync's holder mid-run (default: yes; a lone instance has nobody to take over) */
  kill?: boolean;
}): Promise<ScaleFigures> {
  const kill = opts.kill ?? true;
  const t0 = Date.now();
  let cluster: Cluster | undefined;
  try {
    cluster = await startCluster({ ...opts, simulator: opts.simulator });
    const { db } = cluster;
    const run = await until("a sync run with a batch done", 240_000, async () => {
      const r = await latestRun(db);
      return r && r.status === "running" && r.batchesDone >= 1 ? r : null;
    });
    const { rows } = await db.query(
      `SELECT code FROM "Assessment" WHERE service = 'energy_price' AND 'EUR' = ANY("availableCurrencies")
       AND "defaultCurrency" <> 'EUR' ORDER BY code LIMIT 8`,
    );
    const codes = rows.map((r) => r.code as string);
    const holderPid = Number(run.holder.split(":")[1]);
    const cookies = await Promise.all(cluster.instances.map((i) => signIn(i.base)));
    let answered = 0;
    let requests = 0;
    const client = async (k: number) => {
      for (let j = 0; j < opts.requestsPerClient; j++) {
        const n = (k + j) % (cluster as Cluster).instances.length;
        const instance = (cluster as Cluster).instances[n];
        if (!instance || instance.child.exitCode !== null) continue;
        requests++;
        const code = codes[(k * 7 + j) % codes.length];
        const res = await fetch(`${instance.base}/api/v1/series/energy_price/${code}?currency=EUR`, {
          headers: { cookie: cookies[n] as string },
        }).catch(() => null);
        if (res?.ok) answered++;
        await res?.arrayBuffer().catch(() => {});
      }
    };
    const load = Promise.all(Array.from({ length: opts.clients }, (_, k) => client(k)));
    // Mid-sync, while the clients are at it: the holder of the sync dies without a word.
    await sleep(300);
    if (kill) process.kill(holderPid, "SIGKILL");
    await load;
    const finished = await until("the run to be finished by another instance", 300_000, async () => {
      const r = await latestRun(db);
      return r && r.id === run.id && !["planning", "running", "waiting"].includes(r.status) ? r : null;
    });
    const stats = await cluster.simStats();
    const paid = await paidPerRendering(db);
    const ledger = [...paid.values()].reduce((a, b) => a + b, 0);
    const vendor = (stats.dataRequests.series ?? 0) + (stats.dataRequests.series_hist ?? 0);
    const listed = await db.query(`SELECT count(*)::int AS n FROM "Assessment" WHERE "vanishedAt" IS NULL`);
    return {
      instances: opts.instances,
      clients: opts.clients,
      requests,
      answered,
      peakPerSecond: stats.peakPerSecond,
      logins: stats.calls.token ?? 0,
      rateLimited: stats.statuses["429"] ?? 0,
      quotaRefused: stats.statuses["403"] ?? 0,
      vendorDataRequests: vendor,
      ledgerDataRequests: ledger,
      // every listed code once, and each of the distinct renderings the clients asked for once
      minimumDataRequests: (listed.rows[0]?.n as number) + codes.length,
      maxPaidPerRendering: Math.max(...paid.values()),
      killedPid: kill ? holderPid : 0,
      finishedBy: finished.holder,
      runStatus: finished.status,
      seconds: (Date.now() - t0) / 1000,
    };
  } finally {
    await cluster?.stop();
  }
}
