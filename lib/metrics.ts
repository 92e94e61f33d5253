import "server-only";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { processSingleton } from "@/lib/process-singleton";

// The app's Prometheus instruments, in a registry of its own (not prom-client's global one). Next
// bundles routes separately and reloads modules in development, so the registry and its metrics
// live once per process (processSingleton): every bundle records into the same series.
// Per-instance: HTTP latency, read-cache hits/misses, process metrics. Cluster-wide figures (the
// ledger, quotas, runs) are read from the database at scrape time (lib/services/metrics.ts).

export const METRIC_PREFIX = "price_atlas_";

function create() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });
  const registers = [registry];
  return {
    registry,
    httpDuration: new Histogram({
      name: `${METRIC_PREFIX}http_request_duration_seconds`,
      help: "API request latency in this instance, by route pattern, method and status",
      labelNames: ["route", "method", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    cacheReads: new Counter({
      name: `${METRIC_PREFIX}read_cache_requests_total`,
      help: "Reads served by this instance's read cache (hit) or loaded from the database (miss)",
      labelNames: ["result"] as const,
      registers,
    }),
    upstreamCalls: new Counter({
      name: `${METRIC_PREFIX}upstream_calls_total`,
      help: "Upstream calls in the ledger (all instances, all time) by service, operation and outcome",
      labelNames: ["service", "operation", "outcome"] as const,
      registers,
    }),
    dataRequests: new Counter({
      name: `${METRIC_PREFIX}upstream_data_requests_total`,
      help: "Data requests (codes the vendor counted) in the ledger (all instances, all time) by service and operation",
      labelNames: ["service", "operation"] as const,
      registers,
    }),
    quotaRemaining: new Gauge({
      name: `${METRIC_PREFIX}quota_remaining_codes`,
      help: "Codes left this month per service and dataset (last vendor report minus spend since)",
      labelNames: ["service", "dataset"] as const,
      registers,
    }),
    quotaTotal: new Gauge({
      name: `${METRIC_PREFIX}quota_total_codes`,
      help: "Monthly code quota per service and dataset",
      labelNames: ["service", "dataset"] as const,
      registers,
    }),
    dailyCalls: new Gauge({
      name: `${METRIC_PREFIX}quota_daily_calls`,
      help: "Upstream calls counted against today's daily quota, and the quota",
      labelNames: ["kind"] as const,
      registers,
    }),
    syncRuns: new Gauge({
      name: `${METRIC_PREFIX}sync_runs`,
      help: "Sync runs in the database (dry runs excluded) by status",
      labelNames: ["status"] as const,
      registers,
    }),
    lastSyncDuration: new Gauge({
      name: `${METRIC_PREFIX}sync_last_duration_seconds`,
      help: "Duration of the last finished sync run, labelled by its trigger and status",
      labelNames: ["trigger", "status"] as const,
      registers,
    }),
    lastSyncFinished: new Gauge({
      name: `${METRIC_PREFIX}sync_last_finished_timestamp_seconds`,
      help: "When the last finished sync run ended (Unix time), labelled by its status",
      labelNames: ["status"] as const,
      registers,
    }),
  };
}

export type Instruments = ReturnType<typeof create>;

/** This process's instruments (created on first use). */
export function metrics(): Instruments {
  return processSingleton("metrics", create);
}

/**
 * The route pattern of a request: each path segment equal to a route parameter becomes `[name]`,
 * so /api/v1/series/energy_price/123-4 counts as /api/v1/series/[service]/[code] (bounded labels).
 * Segments are matched from the end, each parameter once: a value that is also a fixed segment
 * (`/api/admin/users/admin`) replaces only the parameter's own place.
 */
export function routePattern(
  pathname: string,
  params: Record<string, string | string[]> | undefined,
): string {
  // Parameters come in path order; scanning from the end, the last one is tried first.
  const pending = new Map<string, string>();
  for (const [name, value] of Object.entries(params ?? {}).reverse())
    pending.set(name, Array.isArray(value) ? value.join("/") : value);
  const parts = pathname.split("/");
  const decode = (raw: string) => {
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  };
  const out: string[] = [];
  for (let i = parts.length - 1; i >= 0; i--) {
    const seg = decode(parts[i] ?? "");
    let matched = false;
    for (const [name, value] of pending) {
      const isCatchAll = Array.isArray(params?.[name]);
      const width = isCatchAll ? value.split("/").length : 1;
      const slice = parts
        .slice(i - width + 1, i + 1)
        .map(decode)
        .join("/");
      if (value !== "" && (isCatchAll ? slice === value : seg === value)) {
        out.unshift(isCatchAll ? `[...${name}]` : `[${name}]`);
        pending.delete(name);
        i -= width - 1;
        matched = true;
        break;
      }
    }
    if (!matched) out.unshift(parts[i] ?? "");
  }
  return out.join("/");
}
