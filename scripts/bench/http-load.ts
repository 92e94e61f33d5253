// Small load helpers shared by the benchmarks: timed requests, percentiles, process memory.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import autocannon from "autocannon";

export type Timing = { median: number; p95: number; throughput: number; count: number };

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] as number;
}

/** Runs `count` calls of `fn` with `concurrency` workers; latency in ms, throughput in calls/s. */
export async function load(count: number, concurrency: number, fn: () => Promise<void>): Promise<Timing> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next++;
        const t0 = performance.now();
        await fn();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    median: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    throughput: count / elapsed,
    count,
  };
}

export type Hammer = {
  url: string;
  /** the path (and query), and any extra headers, of each request */
  next: () => { path: string; headers?: Record<string, string> };
  headers?: Record<string, string>;
  connections: number;
  durationS: number;
  /** status codes that count as answers (default 200) */
  expect?: number[];
};

/**
 * Drives `connections` keep-alive clients with autocannon (an HTTP load generator that costs far
 * less CPU per request than fetch, which matters when it shares the machine with the server).
 * Latency per answer in ms, throughput in answers/s; any unexpected status fails the run.
 */
export async function hammer(options: Hammer): Promise<Timing> {
  const latencies: number[] = [];
  const unexpected = new Map<number, number>();
  const expected = new Set(options.expect ?? [200]);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.durationS,
        headers: options.headers,
        requests: [
          {
            setupRequest: (request) => {
              const { path, headers } = options.next();
              return { ...request, path, headers: { ...request.headers, ...headers } };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on("response", (_client, status, _bytes, ms) => {
      if (expected.has(status)) latencies.push(ms);
      else unexpected.set(status, (unexpected.get(status) ?? 0) + 1);
    });
  });
  if (unexpected.size || result.errors || result.timeouts)
    throw new Error(
      `unexpected answers from ${options.url}: ${JSON.stringify(Object.fromEntries(unexpected))}, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  latencies.sort((a, b) => a - b);
  return {
    median: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    throughput: latencies.length / options.durationS,
    count: latencies.length,
  };
}

/**
 * Open-loop load: requests arrive at random (Poisson) times at `rate` per second, as independent
 * users' would, over at most `connections` keep-alive connections (a request waits for a free one).
 * Latency counts from the planned arrival, so time spent waiting for a connection is included.
 */
export async function pace(
  options: Omit<Hammer, "durationS"> & { rate: number; count: number },
): Promise<Timing> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const expected = new Set(options.expect ?? [200]);
  const latencies: number[] = [];
  const failures: string[] = [];
  const started = performance.now();
  let due = started;
  const pending: Promise<void>[] = [];
  for (let i = 0; i < options.count; i++) {
    due += (-Math.log(1 - Math.random()) / options.rate) * 1000;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const planned = due;
    const { path, headers } = options.next();
    pending.push(
      new Promise<void>((resolve) => {
        const send = (retry: boolean) => {
          const req = httpRequest(
            new URL(path, options.url),
            { agent, headers: { ...options.headers, ...headers } },
            (res) => {
              res.resume();
              res.on("end", () => {
                if (expected.has(res.statusCode ?? 0)) latencies.push(performance.now() - planned);
                else failures.push(`HTTP ${res.statusCode} for ${path}`);
                resolve();
              });
            },
          );
          req.on("error", (error: NodeJS.ErrnoException) => {
            // A kept-alive connection the server closed as idle just as it was reused: sent again
            // once, as a browser would (the wait counts in the latency).
            if (retry && req.reusedSocket && error.code === "ECONNRESET") return send(false);
            failures.push(error.message);
            resolve();
          });
          req.end();
        };
        send(true);
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  if (failures.length) throw new Error(`${failures.length} failed requests, e.g. ${failures[0]}`);
  latencies.sort((a, b) => a - b);
  return {
    median: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    throughput: latencies.length / ((performance.now() - started) / 1000),
    count: latencies.length,
  };
}

/** The process listening on a local TCP port (Linux, `ss`), or undefined. */
export function pidListeningOn(port: number): number | undefined {
  try {
    const out = execFileSync("ss", ["-ltnpH", `sport = :${port}`], { encoding: "utf8" });
    const pid = /pid=(\d+)/.exec(out)?.[1];
    return pid ? Number(pid) : undefined;
  } catch {
    return undefined;
  }
}

/** Resets a process's peak resident memory (Linux), so the next reading covers what follows. */
export function resetPeakMemory(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    // not Linux, or not allowed: the peak then covers the process's whole life
  }
}

/** Resident and peak resident memory of a process, in MB (Linux). */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
    return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
  } catch {
    return { rssMb: Number.NaN, peakMb: Number.NaN };
  }
}

export function fmt(n: number, digits = 1): string {
  return Number.isFinite(n) ? n.toFixed(digits) : "n/a";
}

/** Prints rows as an aligned table. */
export function table(header: string[], rows: (string | number)[][]): void {
  const all = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...all.map((r) => String(r[i] ?? "").length)));
  for (const [n, row] of all.entries()) {
    console.log(row.map((c, i) => String(c).padEnd(widths[i] ?? 0)).join("  "));
    if (n === 0) console.log(widths.map((w) => "-".repeat(w)).join("  "));
  }
}
