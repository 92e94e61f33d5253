// Next.js calls register() once per server process: start the in-process sync scheduler there.
// NEXT_RUNTIME is Next's own build switch (not configuration), so it is read here directly.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startScheduler } = await import("@/lib/sync/scheduler");
  startScheduler();
}
