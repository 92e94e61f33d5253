// `npm run bench:memory`: the app server's memory and speed as `npm start` tunes them, beside the
// same app with blocks from 32 kB up mapped on their own instead of from 128 kB (V8's freed compile
// segments then go back to the system, but so does every 64 kB buffer of each response), in one
// run. Both are real `npm start`s (production build, embedded PGlite, bundled simulator with a
// 5,000-assessment catalogue), synced first; then they take turns under the same flat-out API loads
// (three rounds, so a busy moment of the machine hits both), and each serves 60 page views.
import type { ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { startBenchApp, waitForFirstSync } from "./app-process";
import { fmt, hammer, pidListeningOn, table } from "./http-load";
import { browsePages, signIn } from "./page-weight";
import { type ServerMemory, serverMemory } from "./server-memory";

const ROUNDS = 3;
const SECONDS = 8;
const WORDS = ["gas", "natural gas germany", "electricity industrial", "crude", "diesel japan", "coal china"];
const VARIANTS = [
  { name: "as configured", port: 3210, simulator: 4220, env: {} },
  // An operator's GLIBC_TUNABLES comes after the app's own and wins (scripts/start.ts).
  {
    name: "alternative: 32 kB mmap threshold",
    port: 3211,
    simulator: 4221,
    env: { GLIBC_TUNABLES: "glibc.malloc.mmap_threshold=32768" },
  },
] as const;

type Server = { name: string; base: string; admin: string; viewer: string; codes: string[]; pid?: number };
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)] as T;

async function ready(base: string): Promise<Omit<Server, "name" | "base">> {
  const admin = await signIn(base, "admin@example.com", "atlas-admin");
  await waitForFirstSync(base, admin);
  const viewer = await signIn(base, "viewer@example.com", "atlas-viewer");
  const res = await fetch(`${base}/api/v1/catalogue?service=energy_price&pageSize=200`, {
    headers: { cookie: viewer },
  });
  const { items } = (await res.json()) as { items: { service: string; code: string }[] };
  return { admin, viewer, codes: items.map((i) => `${i.service}/${i.code}`) };
}

async function main() {
  const apps: ChildProcess[] = [];
  try {
    const servers: Server[] = [];
    for (const v of VARIANTS) {
      const dataDir = path.resolve(`data/bench-memory-${v.port}`);
      rmSync(dataDir, { recursive: true, force: true });
      const env = {
        PORT: String(v.port),
        DATA_DIR: dataDir,
        SIMULATOR_PORT: String(v.simulator),
        SIM_SIZE: "5000",
      };
      apps.push(await startBenchApp({ ...env, NEXTAUTH_URL: `http://localhost:${v.port}`, ...v.env }));
    }
    process.stdout.write("waiting for both first syncs");
    for (const v of VARIANTS) {
      const base = `http://127.0.0.1:${v.port}`;
      servers.push({ name: v.name, base, pid: pidListeningOn(v.port), ...(await ready(base)) });
      process.stdout.write(".");
    }
    const memory = new Map<string, ServerMemory[]>();
    const note = async (s: Server) =>
      memory.set(s.name, [...(memory.get(s.name) ?? []), await serverMemory(s.pid, s.base, s.admin)]);
    for (const s of servers) await note(s);

    const loads = [
      ["series", (s: Server) => ({ path: `/api/v1/series/${pick(s.codes)}` })],
      [
        "catalogue search",
        () => ({ path: `/api/v1/catalogue?q=${encodeURIComponent(pick(WORDS))}&pageSize=50` }),
      ],
      ["framework floor", () => ({ path: "/api/health/live" })],
    ] as const;
    const answers = new Map<string, number[]>();
    for (let round = 0; round < ROUNDS; round++)
      for (const [load, next] of loads)
        for (const s of servers) {
          const headers = { cookie: s.viewer, "accept-encoding": "gzip" };
          const t = await hammer({
            url: s.base,
            next: () => next(s),
            headers,
            connections: 50,
            durationS: SECONDS,
          });
          answers.set(`${load}|${s.name}`, [...(answers.get(`${load}|${s.name}`) ?? []), t.throughput]);
        }
    for (const s of servers) await note(s);
    for (const s of servers) {
      await browsePages(s.base, s.viewer, s.codes);
      await note(s);
    }

    console.log("\n\nServer memory (MB; external is mostly the embedded database's WebAssembly memory)\n");
    const stages = ["after the first sync", "after the API loads", "after 60 page views"];
    table(
      ["server", "when", "RSS", "JS heap used", "JS heap", "external", "C heap"],
      servers.flatMap((s) =>
        (memory.get(s.name) ?? []).map((m, i) => [
          s.name,
          stages[i] ?? "",
          fmt(m.rssMb, 0),
          fmt(m.jsHeapUsedMb, 0),
          fmt(m.jsHeapMb, 0),
          fmt(m.externalMb, 0),
          fmt(m.cHeapMb, 0),
        ]),
      ),
    );
    console.log(
      `\nAnswers per second, 50 clients flat out, ${SECONDS} s per round, the servers taking turns\n`,
    );
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
    table(
      ["load", ...servers.map((s) => `${s.name} (median of ${ROUNDS})`), "as configured vs the other"],
      loads.map(([load]) => {
        const [mine, base] = servers.map((s) => median(answers.get(`${load}|${s.name}`) ?? []));
        return [
          load,
          fmt(mine ?? Number.NaN, 0),
          fmt(base ?? Number.NaN, 0),
          `${fmt(((mine ?? 0) / (base ?? 1) - 1) * 100, 1)} %`,
        ];
      }),
    );
  } finally {
    for (const app of apps) if (app.pid) process.kill(-app.pid, "SIGTERM");
    await new Promise((r) => setTimeout(r, 1000));
  }
}

main().then(
  () => setTimeout(() => process.exit(0), 500),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
