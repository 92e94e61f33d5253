import "server-only";
import { env } from "@/lib/env";

export type UpstreamStatus = {
  configured: boolean;
  reachable: boolean | null;
  mode: "vendor" | "bundled simulator" | "none";
  sandbox: boolean;
  host: string | null;
  checkedAt: string | null;
};

let cache: { at: number; reachable: boolean } | undefined;
const TTL_MS = 60_000;

/**
 * Whether the upstream answers HTTP at all. It asks the base URL, which is no API operation, so
 * it costs no quota; any HTTP answer (even 404) means reachable. Cached for a minute.
 */
export async function upstreamStatus(now = Date.now()): Promise<UpstreamStatus> {
  const { UPSTREAM_BASE_URL, UPSTREAM_BUNDLED, UPSTREAM_SANDBOX } = env();
  if (!UPSTREAM_BASE_URL) {
    return {
      configured: false,
      reachable: null,
      mode: "none",
      sandbox: UPSTREAM_SANDBOX,
      host: null,
      checkedAt: null,
    };
  }
  if (!cache || now - cache.at > TTL_MS) {
    let reachable = false;
    try {
      const res = await fetch(UPSTREAM_BASE_URL, {
        method: "GET",
        signal: AbortSignal.timeout(3000),
        redirect: "manual",
      });
      await res.body?.cancel();
      reachable = true;
    } catch {
      reachable = false;
    }
    cache = { at: now, reachable };
  }
  return {
    configured: true,
    reachable: cache.reachable,
    mode: UPSTREAM_BUNDLED ? "bundled simulator" : "vendor",
    sandbox: UPSTREAM_SANDBOX,
    host: new URL(UPSTREAM_BASE_URL).host,
    checkedAt: new Date(cache.at).toISOString(),
  };
}
