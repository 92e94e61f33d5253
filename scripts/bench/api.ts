// `npm run bench:api`: the app's JSON API under 50 concurrent clients, served by a real `npm start`
// (production build, embedded PGlite, bundled simulator with a 5,000-assessment catalogue, synced
// first). Measures the series endpoint (a 20-year history) and catalogue search, next to a
// pass-through baseline that asks the simulator for the same series on every request (what an app
// without its own database would do, under the vendor's 10 requests/s). Also reports the app
// server's memory under that load.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { readEmbeddedLock } from "@/lib/db/embedded-lock";
import { startSimulator } from "@/simulator/server";
import { fmt, load, memoryOf, table } from "./http-load";
import { firstLoadJs, signIn } from "./page-weight";

const PORT = 3200;
const DATA_DIR = path.resolve("data/bench-api");
const CONCURRENCY = 50;

async function startApp(): Promise<ChildProcess> {
  rmSync(DATA_DIR, { recursive: true, force: true });
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "scripts/start.ts"],
    {
      env: {
        ...process.env,
        PORT: String(PORT),
        DATA_DIR,
        SIMULATOR_PORT: "4210",
        SIM_SIZE: "5000",
        LOG_LEVEL: "warn",
        NEXTAUTH_URL: `http://localhost:${PORT}`,
      },
      stdio: ["ignore", "pipe", "inherit"],
      detached: true,
    },
  );
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (c: Buffer) => {
      out += c.toString();
      if (out.includes("ready at")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`app exited with ${code}\n${out}`)));
  });
  return child;
}

async function main() {
  const app = await startApp();
  const token = readFileSync(path.join(DATA_DIR, ".cli-token"), "utf8").trim();
  const auth = { authorization: `Bearer ${token}` };
  const base = `http://127.0.0.1:${PORT}`;
  try {
    process.stdout.write("waiting for the first sync");
    for (;;) {
      const body = (await (await fetch(`${base}/api/admin/sync`, { headers: auth })).json()) as {
        current?: { status: string };
      };
      if (body.current?.status === "done") break;
      process.stdout.write(".");
      await new Promise((r) => setTimeout(r, 3000));
    }
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
    const pick = () => codes[Math.floor(Math.random() * codes.length)] as string;
    const ok = async (res: Response) => {
      if (!res.ok) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    };
    // Warm-up (compiles routes, fills caches), then measure.
    await load(200, 10, async () => ok(await fetch(`${base}/api/v1/series/${pick()}`, { headers: auth })));
    const appPid = readEmbeddedLock(DATA_DIR)?.pid;
    const series = await load(3000, CONCURRENCY, async () =>
      ok(await fetch(`${base}/api/v1/series/${pick()}`, { headers: auth })),
    );
    const sample = (await (await fetch(`${base}/api/v1/series/${codes[0]}`, { headers: auth })).json()) as {
      finals: unknown[];
    };
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
    const search = await load(2000, CONCURRENCY, async () =>
      ok(
        await fetch(
          `${base}/api/v1/catalogue?q=${encodeURIComponent(words[Math.floor(Math.random() * words.length)] as string)}&pageSize=50`,
          { headers: auth },
        ),
      ),
    );
    const memory = appPid ? memoryOf(appPid) : { rssMb: Number.NaN, peakMb: Number.NaN };

    // Pass-through baseline: every request goes to the vendor (the simulator, default limits).
    const sim = await startSimulator({ port: 0, windows: false, size: 5000 });
    const login = await fetch(`${sim.url}/access_token/v1`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "demo", password: "demo" }),
    });
    const { access_token } = (await login.json()) as { access_token: string };
    let refused = 0;
    const proxy = createServer(async (req, res) => {
      const [, service, code] = (req.url ?? "").split("/");
      for (;;) {
        const upstream = await fetch(`${sim.url}/${service}/v1/export/series_hist/${code}`, {
          headers: { authorization: `Bearer ${access_token}` },
        });
        if (upstream.status === 429) {
          refused++;
          await new Promise((r) => setTimeout(r, Number(upstream.headers.get("retry-after") ?? 1) * 1000));
          continue;
        }
        res.writeHead(upstream.status, { "content-type": "application/json" });
        res.end(Buffer.from(await upstream.arrayBuffer()));
        return;
      }
    });
    proxy.listen(0, "127.0.0.1");
    await new Promise((r) => proxy.once("listening", r));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const passThrough = await load(200, CONCURRENCY, async () => ok(await fetch(`${proxyUrl}/${pick()}`)));
    proxy.close();
    await sim.close();

    console.log(
      `\nApp API under ${CONCURRENCY} concurrent clients (catalogue of ${total} assessments; series of ${sample.finals.length} monthly finals)\n`,
    );
    table(
      ["endpoint", "requests", "median ms", "p95 ms", "req/s", "vs pass-through"],
      [
        [
          "GET /api/v1/series/{service}/{code}",
          series.count,
          fmt(series.median),
          fmt(series.p95),
          fmt(series.throughput),
          `${fmt(series.throughput / passThrough.throughput, 0)}×`,
        ],
        [
          "GET /api/v1/catalogue?q=…",
          search.count,
          fmt(search.median),
          fmt(search.p95),
          fmt(search.throughput),
          "—",
        ],
        [
          "pass-through to the vendor (baseline)",
          passThrough.count,
          fmt(passThrough.median),
          fmt(passThrough.p95),
          fmt(passThrough.throughput),
          `1× (${refused} answers were 429)`,
        ],
      ],
    );
    console.log(
      `\nApp server memory after the load: RSS ${fmt(memory.rssMb, 0)} MB, peak ${fmt(memory.peakMb, 0)} MB`,
    );

    const cookie = await signIn(base, "admin@example.com", "atlas-admin");
    const pages = [
      ["catalogue", "/catalogue"],
      ["series (chart code loads after)", `/series/${codes[0]}`],
      ["compare", "/compare"],
    ] as const;
    const weights: (string | number)[][] = [];
    for (const [name, url] of pages) {
      const w = await firstLoadJs(base, url, cookie);
      weights.push([name, url, w.scripts, fmt(w.gzipKb)]);
    }
    console.log("\nFirst-load JavaScript (gzip; target < 250 kB)\n");
    table(["page", "path", "scripts", "kB gzip"], weights);
  } finally {
    if (app.pid) process.kill(-app.pid, "SIGTERM");
  }
}

main().then(
  () => setTimeout(() => process.exit(0), 500),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
