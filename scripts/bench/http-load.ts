// Small load helpers shared by the benchmarks: timed requests, percentiles, process memory.
import { readFileSync } from "node:fs";

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
