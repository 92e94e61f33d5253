// `npm run bench:simulator`: throughput and latency of a 40-code History call and of Series Info,
// for the default catalogue and a 50,000-assessment one, each simulator in its own process (so its
// memory is its own). Baseline in the same run: a bare node:http server sending the same 40-code
// History body from memory, i.e. the cost of HTTP alone. Targets: History median < 50 ms,
// RSS < 300 MB at 50,000 assessments. The rate limit and quotas are lifted for the measurement.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fmt, load, memoryOf, table } from "./http-load";

type Sim = { url: string; child: ChildProcess };

async function startSim(size?: number): Promise<Sim> {
  const args = [
    "--conditions=react-server",
    "--import",
    "tsx",
    "simulator/main.ts",
    "--port",
    "0",
    "--clock",
    "2026-11-20T18:00:00Z",
  ];
  args.push("--rate-per-second", "1000", "--daily-quota", "10000000", "--code-quota", "10000000");
  if (size) args.push("--size", String(size));
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout?.setEncoding("utf8");
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (chunk: string) => {
      out += chunk;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m?.[1]) resolve(m[1]);
    });
    child.once("exit", (code) => reject(new Error(`simulator exited with ${code}`)));
  });
  return { url, child };
}

async function token(url: string): Promise<string> {
  const res = await fetch(`${url}/access_token/v1`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "demo", password: "demo" }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function measure(label: string, size?: number) {
  const sim = await startSim(size);
  const headers = { authorization: `Bearer ${await token(sim.url)}` };
  const get = async (path: string) => {
    const res = await fetch(`${sim.url}${path}`, { headers });
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return res.text();
  };
  let infoBytes = 0;
  const info = await load(5, 1, async () => {
    infoBytes =
      (await get("/energy_price/v1/export/series")).length +
      (await get("/industry_economics/v1/export/series")).length;
  });
  const codes = (JSON.parse(await get("/energy_price/v1/export/series")) as { code: string }[])
    .filter((_, i) => i % 7 === 0)
    .slice(0, 40)
    .map((r) => r.code);
  const path = `/energy_price/v1/export/series_hist/${codes.join(",")}`;
  const body = await get(path);
  await load(20, 1, async () => void (await get(path)));
  const serial = await load(200, 1, async () => void (await get(path)));
  const parallel = await load(400, 8, async () => void (await get(path)));
  const memory = memoryOf(sim.child.pid as number);
  const assessments = infoBytes
    ? ((await get("/energy_price/v1/export/series")).match(/"code"/g)?.length ?? 0)
    : 0;
  sim.child.kill();
  await once(sim.child, "exit");
  return { label, info, infoBytes, serial, parallel, memory, body, assessments };
}

async function baseline(body: string) {
  const server = createServer((_, res) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    res.end(body);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const get = async () => void (await (await fetch(url)).text());
  await load(20, 1, get);
  const serial = await load(200, 1, get);
  const parallel = await load(400, 8, get);
  server.close();
  return { serial, parallel };
}

async function main() {
  const results = [await measure("default catalogue"), await measure("50,000 catalogue", 50_000)];
  const base = await baseline(results[0]?.body ?? "[]");
  const first = results[0];
  console.log(
    `\n40-code Series Values History call (${fmt((first?.body.length ?? 0) / 1024, 0)} kB of JSON, 40 × 20 years + forecasts)\n`,
  );
  table(
    ["server", "median ms", "p95 ms", "calls/s (1 client)", "calls/s (8 clients)"],
    [
      ...results.map((r) => [
        r.label,
        fmt(r.serial.median, 2),
        fmt(r.serial.p95, 2),
        fmt(r.serial.throughput, 0),
        fmt(r.parallel.throughput, 0),
      ]),
      [
        "baseline: same body from memory",
        fmt(base.serial.median, 2),
        fmt(base.serial.p95, 2),
        fmt(base.serial.throughput, 0),
        fmt(base.parallel.throughput, 0),
      ],
    ],
  );
  console.log("\nSeries Info (both services) and simulator memory\n");
  table(
    ["catalogue", "Series Info median ms", "MB of JSON", "RSS MB", "peak RSS MB"],
    results.map((r) => [
      r.label,
      fmt(r.info.median, 0),
      fmt(r.infoBytes / 1e6, 1),
      fmt(r.memory.rssMb, 0),
      fmt(r.memory.peakMb, 0),
    ]),
  );
  const big = results[1];
  const ok = (results.every((r) => r.serial.median < 50) ? "met" : "MISSED") as string;
  console.log(
    `\nTargets: History median < 50 ms — ${ok}; RSS < 300 MB at 50,000 — ${(big?.memory.peakMb ?? 999) < 300 ? "met" : "MISSED"}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
