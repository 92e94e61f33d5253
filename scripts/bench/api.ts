// `npm run bench:api`: the app's JSON API under 50 concurrent clients, served by a real `npm start`
// (production build, embedded PGlite, bundled simulator with a 5,000-assessment catalogue, synced
// first). Measures the series endpoint (a 20-year history) and catalogue search, next to a
// pass-through baseline that asks the simulator for the same series on every request (what an app
// without its own database would do, under the vendor's 10 requests/s). The clients are signed-in
// browsers (session cookie, gzip), driven flat out (autocannon) and at steady random arrivals; the
// framework's own floor (/api/health/live) is measured in the same run. Also reports the app
// server's memory after the sync and under the load. BENCH_DATABASE_URL=postgresql://… runs it on
// PostgreSQL (in a fresh schema, dropped afterwards).
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { startBenchApp, waitForFirstSync } from "./app-process";
import {
  fmt,
  type Hammer,
  hammer,
  load,
  pace,
  pidListeningOn,
  resetPeakMemory,
  type Timing,
  table,
} from "./http-load";
import { browsePages, firstLoadJs, signIn } from "./page-weight";
import { measurePassThrough } from "./pass-through";
import { serverMemory } from "./server-memory";

const PORT = 3200;
const DATA_DIR = path.resolve("data/bench-api");
const CONCURRENCY = 50;
const SECONDS = 10;
/** Steady loads for "50 users": each asking every half / quarter second, far above human pace. */
const PACED_RATES = [100, 200] as const;

// BENCH_DATABASE_URL=postgresql://… runs the app on PostgreSQL (a fresh schema) instead of PGlite.
const PG_URL = process.env.BENCH_DATABASE_URL;
const PG_SCHEMA = `bench_api_${process.pid}`;
/** On PostgreSQL there are no demo logins: the first admin comes from ADMIN_EMAIL/ADMIN_PASSWORD. */
const VIEWER = PG_URL ? ["admin@example.com", "atlas-admin"] : ["viewer@example.com", "atlas-viewer"];

async function onPostgres(sql: string): Promise<void> {
  if (!PG_URL) return;
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  await client.query(sql);
  await client.end();
}

async function startApp(): Promise<ChildProcess> {
  rmSync(DATA_DIR, { recursive: true, force: true });
  await onPostgres(`CREATE SCHEMA "${PG_SCHEMA}"`);
  const database: Record<string, string> = PG_URL
    ? {
        DATABASE_URL: `${PG_URL}${PG_URL.includes("?") ? "&" : "?"}schema=${PG_SCHEMA}`,
        NEXTAUTH_SECRET: randomBytes(24).toString("base64url"),
        ADMIN_EMAIL: "admin@example.com",
        ADMIN_PASSWORD: "atlas-admin",
      }
    : {};
  return startBenchApp({
    PORT: String(PORT),
    DATA_DIR,
    SIMULATOR_PORT: "4210",
    SIM_SIZE: "5000",
    NEXTAUTH_URL: `http://localhost:${PORT}`,
    ...database,
  });
}

async function main() {
  const app = await startApp();
  const base = `http://127.0.0.1:${PORT}`;
  const auth = { cookie: await signIn(base, "admin@example.com", "atlas-admin") };
  try {
    process.stdout.write("waiting for the first sync");
    await waitForFirstSync(base, auth.cookie);
    const catalogue = (await (
      await fetch(`${base}/api/v1/catalogue?service=energy_price&pageSize=200`, { headers: auth })
    ).json()) as {
      items: { service: string; code: string }[];
      total: number;
    };
    const total = (
      (await (await fetch(`${base}/api/v1/catalogue?pageSize=1`, { headers: auth })).json()) as {
        total: number;
      }
    ).total;
    const codes = catalogue.items.map((i) => `${i.service}/${i.code}`);
    const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)] as T;
    const words = [
      "gas",
      "natural gas germany",
      "electricity industrial",
      "crude",
      "diesel japan",
      "water",
      "cost index",
      "lng",
      "coal china",
      "steam",
    ];
    // The clients are signed-in browsers: a session cookie, and gzip accepted.
    const cookie = await signIn(base, VIEWER[0] as string, VIEWER[1] as string);
    const browser = { cookie, "accept-encoding": "gzip, deflate, br" };
    const series = () => ({ path: `/api/v1/series/${pick(codes)}` });
    const search = () => ({ path: `/api/v1/catalogue?q=${encodeURIComponent(pick(words))}&pageSize=50` });
    const run = (next: Hammer["next"], extra: Partial<Hammer> = {}) =>
      hammer({ url: base, next, headers: browser, connections: CONCURRENCY, durationS: SECONDS, ...extra });

    // Warm-up (JIT, caches), then measure. A browser revalidates what it has with If-None-Match.
    await run(series, { durationS: 3, connections: 10 });
    await run(search, { durationS: 3, connections: 10 });
    const etags = new Map<string, string>();
    for (const code of codes) {
      const res = await fetch(`${base}/api/v1/series/${code}`, { headers: { cookie } });
      await res.arrayBuffer();
      etags.set(`/api/v1/series/${code}`, res.headers.get("etag") ?? "");
    }
    const appPid = pidListeningOn(PORT);
    const syncPeak = await serverMemory(appPid, base, auth.cookie);
    if (appPid) resetPeakMemory(appPid);
    const floor = await run(() => ({ path: "/api/health/live" }), { headers: {} });
    const seriesMax = await run(series);
    const steady = async (next: Hammer["next"]) => {
      const out: Timing[] = [];
      for (const rate of PACED_RATES)
        out.push(
          await pace({
            url: base,
            next,
            headers: browser,
            connections: CONCURRENCY,
            rate,
            count: rate * SECONDS,
          }),
        );
      return out;
    };
    const seriesPaced = await steady(series);
    const revalidated = await run(
      () => {
        const path = pick([...etags.keys()]);
        return { path, headers: { "if-none-match": etags.get(path) ?? "" } };
      },
      { expect: [304] },
    );
    const searchMax = await run(search);
    const searchPaced = await steady(search);
    const memory = await serverMemory(appPid, base, auth.cookie);
    // What one user waits for an answer nobody asked for yet (the database path): every request
    // differs (another page size or start month), so none is served from the read cache.
    let unique = 0;
    const fresh = async (path: string) => {
      const res = await fetch(`${base}${path}`, { headers: browser });
      if (!res.ok) throw new Error(`HTTP ${res.status} for ${path}`);
      await res.arrayBuffer();
    };
    const seriesCold = await load(200, 1, () =>
      fresh(
        `/api/v1/series/${pick(codes)}?from=${2007 + (unique % 15)}-${String(1 + (unique++ % 12)).padStart(2, "0")}`,
      ),
    );
    unique = 0;
    const searchCold = await load(200, 1, () =>
      fresh(`/api/v1/catalogue?q=${encodeURIComponent(pick(words))}&pageSize=${51 + unique++}`),
    );
    // A new search as the catalogue page asks it (with facets): words × commodity × forecast, each once.
    const commodities = (
      (await (await fetch(`${base}/api/v1/catalogue?facets=true&pageSize=1`, { headers: auth })).json()) as {
        facets: { commodity: { value: string }[] };
      }
    ).facets.commodity.map((c) => c.value);
    const searches = words.flatMap((q) =>
      commodities.flatMap((commodity) =>
        ["true", "false"].map((f) => new URLSearchParams({ q, commodity, hasForecast: f, facets: "true" })),
      ),
    );
    const facetsCold = await load(Math.min(200, searches.length), 1, () =>
      fresh(`/api/v1/catalogue?${searches.splice(Math.floor(Math.random() * searches.length), 1)[0]}`),
    );
    const sample = (await (await fetch(`${base}/api/v1/series/${codes[0]}`, { headers: auth })).json()) as {
      finals: unknown[];
    };

    const { timing: passThrough, refused } = await measurePassThrough(codes, CONCURRENCY);

    const ratio = (t: Timing) => `${fmt(t.throughput / passThrough.throughput, 0)}×`;
    const row = (name: string, t: Timing, vs = "—") => [
      name,
      t.count,
      fmt(t.median),
      fmt(t.p95),
      fmt(t.throughput),
      vs,
    ];
    console.log(
      `\nApp API on ${PG_URL ? "PostgreSQL" : "embedded PGlite"}, ${CONCURRENCY} concurrent signed-in clients, ${SECONDS} s each (catalogue of ${total} assessments; series of ${sample.finals.length} monthly finals). ` +
        `"all out": each client sends its next request as soon as the last is answered; "N/s": requests arrive at random times, N per second on average, over at most ${CONCURRENCY} connections.\n`,
    );
    table(
      ["endpoint", "answers", "median ms", "p95 ms", "answers/s", "vs pass-through"],
      [
        row("GET /api/health/live — framework floor (no auth, no data), all out", floor),
        row("GET /api/v1/series/{service}/{code}, all out", seriesMax, ratio(seriesMax)),
        ...PACED_RATES.map((rate, i) =>
          row(`GET /api/v1/series/{service}/{code}, ${rate}/s`, seriesPaced[i] as Timing),
        ),
        row(
          "GET /api/v1/series/… revalidated (If-None-Match → 304), all out",
          revalidated,
          ratio(revalidated),
        ),
        row("GET /api/v1/catalogue?q=…, all out", searchMax),
        ...PACED_RATES.map((rate, i) =>
          row(`GET /api/v1/catalogue?q=…, ${rate}/s`, searchPaced[i] as Timing),
        ),
        row("GET /api/v1/series/… not cached yet, one client", seriesCold),
        row("GET /api/v1/catalogue?q=… not cached yet, one client", searchCold),
        row("GET /api/v1/catalogue?q=…&commodity=…&facets=true, a new search", facetsCold),
        row(
          "pass-through to the vendor (baseline; 200 requests)",
          passThrough,
          `1× (${refused} answers were 429)`,
        ),
      ],
    );
    console.log(
      `\nSeries p95: ${fmt(seriesMax.p95)} ms all out, ${PACED_RATES.map((r, i) => `${fmt(seriesPaced[i]?.p95 ?? Number.NaN)} ms at ${r}/s`).join(", ")}; ` +
        `through to the vendor ${fmt(passThrough.p95)} ms (${[seriesMax, ...seriesPaced].map((t) => `${fmt(passThrough.p95 / t.p95, 0)}×`).join(" / ")} faster).`,
    );
    console.log(
      `App server memory: after the first sync RSS ${fmt(syncPeak.rssMb, 0)} MB (peak ${fmt(syncPeak.peakMb, 0)} MB); ` +
        `under the load peak ${fmt(memory.peakMb, 0)} MB, after it ${fmt(memory.rssMb, 0)} MB.`,
    );

    const adminCookie = await signIn(base, "admin@example.com", "atlas-admin");
    const pages = [
      ["catalogue", "/catalogue"],
      ["series (chart code loads after)", `/series/${codes[0]}`],
      ["compare", "/compare"],
    ] as const;
    const weights: (string | number)[][] = [];
    for (const [name, url] of pages) {
      const w = await firstLoadJs(base, url, adminCookie);
      weights.push([name, url, w.scripts, fmt(w.gzipKb)]);
    }
    console.log("\nFirst-load JavaScript (gzip; target < 250 kB)\n");
    table(["page", "path", "scripts", "kB gzip"], weights);
    // Pages load their server code on first use: what the server holds once people browse too.
    if (appPid) resetPeakMemory(appPid);
    await browsePages(base, cookie, codes);
    const browsing = await serverMemory(appPid, base, auth.cookie);
    console.log(
      `\nApp server memory once the pages are in use too (60 page views): RSS ${fmt(browsing.rssMb, 0)} MB (peak ${fmt(browsing.peakMb, 0)} MB).`,
    );
    console.log(
      "\nWhere the server's memory is (MB; peak since the previous reading; external is mostly the embedded database)\n",
    );
    const stages = [
      ["after the first sync", syncPeak],
      ["after the API load", memory],
      ["after 60 page views", browsing],
    ] as const;
    table(
      ["when", "RSS", "peak", "JS heap used", "JS heap", "external", "C heap"],
      stages.map(([when, m]) => [
        when,
        fmt(m.rssMb, 0),
        fmt(m.peakMb, 0),
        fmt(m.jsHeapUsedMb, 0),
        fmt(m.jsHeapMb, 0),
        fmt(m.externalMb, 0),
        fmt(m.cHeapMb, 0),
      ]),
    );
  } finally {
    if (app.pid) process.kill(-app.pid, "SIGTERM");
    await new Promise((r) => setTimeout(r, 1000));
    await onPostgres(`DROP SCHEMA "${PG_SCHEMA}" CASCADE`);
  }
}

main().then(
  () => setTimeout(() => process.exit(0), 500),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
