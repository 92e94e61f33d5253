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
/**
 * What an entry costs in the server's heap per character of its JSON, measured: the object graph
 * takes ≈ 1.6 (catalogue pages) to 2.4 (series) bytes, and the API keeps the serialised JSON beside
 * it (lib/http/json-response.ts) at 1 byte per character, 2 when it holds any character beyond
 * Latin-1 (a "—" or "³" in a name). Counting JSON characters alone let the cache hold ≈ 4× its bound.
 */
const HEAP_BYTES_PER_JSON_CHAR = 4;
/** The cache's bound in heap bytes (it lives in the server's heap, see APP_HEAP_MB). */
const MAX_HEAP_BYTES = 24 * 1024 * 1024;

function cache(): LRUCache<string, object> {
  return processSingleton(
    "readCache",
    () =>
      new LRUCache<string, object>({
        max: 2000,
        // Bounded by size too: a 20-year series is ≈ 10 kB as JSON (≈ 40 kB in the heap), a
        // catalogue page of 50 with its facets ≈ 40 kB (≈ 160 kB).
        maxSize: MAX_HEAP_BYTES,
        sizeCalculation: (value) => JSON.stringify(value).length * HEAP_BYTES_PER_JSON_CHAR,
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
