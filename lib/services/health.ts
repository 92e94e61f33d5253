import "server-only";
import { pingDatabase } from "@/lib/db/health";
import { latestFinishedSync } from "@/lib/db/sync-runs";
import { env } from "@/lib/env";
import { upstreamStatus } from "@/lib/upstream/probe";

export type Health = {
  status: "ok" | "degraded" | "down";
  db: { ok: boolean; kind: "embedded" | "postgresql"; latencyMs: number | null; error?: string };
  upstream: Awaited<ReturnType<typeof upstreamStatus>>;
  lastSync: { at: string; status: string; trigger: string } | null;
};

export async function checkHealth(): Promise<Health> {
  const kind = env().embeddedDatabase ? "embedded" : "postgresql";
  let db: Health["db"];
  let lastSync: Health["lastSync"] = null;
  try {
    db = { ok: true, kind, latencyMs: Math.round((await pingDatabase()) * 10) / 10 };
    const run = await latestFinishedSync();
    if (run?.finishedAt)
      lastSync = { at: run.finishedAt.toISOString(), status: run.status, trigger: run.trigger };
  } catch {
    db = { ok: false, kind, latencyMs: null, error: "The database cannot be reached." };
  }
  const upstream = await upstreamStatus();
  const status = !db.ok ? "down" : upstream.configured && upstream.reachable ? "ok" : "degraded";
  return { status, db, upstream, lastSync };
}

/** What anyone may know: whether the app is fully working, nothing about what it runs on. */
export function publicHealth(health: Health): { status: "ok" | "degraded" } {
  return { status: health.status === "ok" ? "ok" : "degraded" };
}
