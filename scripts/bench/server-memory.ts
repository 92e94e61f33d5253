// Where the app server's resident memory is: the process's RSS and peak, the JS heap and the memory
// outside it (mostly the embedded database's WebAssembly memory) as the app's own metrics report
// them, and the C heap (malloc) read from /proc. Linux; readings that are not available are NaN.
import { readFileSync } from "node:fs";
import { memoryOf } from "./http-load";

export type ServerMemory = {
  rssMb: number;
  peakMb: number;
  jsHeapUsedMb: number;
  jsHeapMb: number;
  externalMb: number;
  cHeapMb: number;
};

const MB = 1024 * 1024;

/** The C heap: the resident part of the process's [heap] mapping (glibc's main malloc arena). */
function cHeapMb(pid: number): number {
  try {
    const smaps = readFileSync(`/proc/${pid}/smaps`, "utf8");
    const at = smaps.search(/ \[heap\]\n/);
    if (at < 0) return Number.NaN;
    return Number(/Rss:\s+(\d+) kB/.exec(smaps.slice(at))?.[1] ?? Number.NaN) / 1024;
  } catch {
    return Number.NaN;
  }
}

/** Reads the server's memory; `cookie` is an admin's session (the metrics endpoint is for admins). */
export async function serverMemory(
  pid: number | undefined,
  base: string,
  cookie: string,
): Promise<ServerMemory> {
  const metric = (text: string, name: string) =>
    Number(new RegExp(`^\\w*${name} (\\S+)$`, "m").exec(text)?.[1] ?? Number.NaN) / MB;
  // The process first: asking for the metrics costs the server memory too.
  const process = pid ? memoryOf(pid) : { rssMb: Number.NaN, peakMb: Number.NaN };
  const cHeap = pid ? cHeapMb(pid) : Number.NaN;
  const text = await fetch(`${base}/api/metrics`, { headers: { cookie } })
    .then((r) => (r.ok ? r.text() : ""))
    .catch(() => "");
  return {
    ...process,
    jsHeapUsedMb: metric(text, "nodejs_heap_size_used_bytes"),
    jsHeapMb: metric(text, "nodejs_heap_size_total_bytes"),
    externalMb: metric(text, "nodejs_external_memory_bytes"),
    cHeapMb: cHeap,
  };
}
