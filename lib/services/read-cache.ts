import "server-only";
import { LRUCache } from "lru-cache";
import { dataVersion } from "@/lib/db/data-version";
import { metrics } from "@/lib/metrics";
import { processSingleton } from "@/lib/process-singleton";

// Series and catalogue answers change only when a sync or an on-demand fetch writes, so reads are
// cached in memory: one database round-trip serves many viewers. Entries are keyed by the shared
// data version (lib/db/data-version.ts), so any instance's write retires them within a second;
// TTL_MS and the size bound only make room for what is asked for now.
const TTL_MS = 10 * 60_000;

function cache(): LRUCache<string, object> {
  return processSingleton(
    "readCache",
    () =>
      new LRUCache<string, object>({
        max: 2000,
        // Bounded by size too (it lives in the server's heap, see APP_HEAP_MB): a 20-year series is
        // ~15 kB as JSON, a catalogue page of 50 ~30 kB.
        maxSize: 16 * 1024 * 1024,
        sizeCalculation: (value) => JSON.stringify(value).length,
        ttl: TTL_MS,
      }),
  );
}

function deepFreeze(value: unknown): void {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}

/** Loads in flight, shared by every bundle of this process. */
const inFlight = () => processSingleton("readsInFlight", () => new Map<string, Promise<object>>());

/** The cached answer for `key`, or `load()` once for all concurrent callers. */
export async function cachedRead<T extends object>(key: string, load: () => Promise<T>): Promise<T> {
  const versioned = `${await dataVersion()}|${key}`;
  const hit = cache().get(versioned);
  metrics().cacheReads.inc({ result: hit ? "hit" : "miss" });
  if (hit) return hit as T;
  let pending = inFlight().get(versioned);
  if (!pending) {
    pending = load()
      .then((value) => {
        // Shared by every reader from now on: frozen, so nobody changes it for the others
        // (and so the API serialises it once, see lib/http/json-response.ts).
        deepFreeze(value);
        cache().set(versioned, value);
        return value;
      })
      .finally(() => inFlight().delete(versioned));
    inFlight().set(versioned, pending);
  }
  return (await pending) as T;
}
