// Next.js calls register() once per server process: stamp each request with its socket's address
// (the only trustworthy client address), route quota alerts to their sink, and start the in-process
// sync scheduler.
// NEXT_RUNTIME is Next's own build switch (not configuration), so it is read here directly.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { installPeerStamp } = await import("@/lib/http/peer-stamp");
  installPeerStamp();
  const { installQuotaAlerts } = await import("@/lib/services/quota-alerts");
  installQuotaAlerts();
  const { startScheduler } = await import("@/lib/sync/scheduler");
  startScheduler();
}
