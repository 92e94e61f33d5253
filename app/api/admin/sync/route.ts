import { route } from "@/lib/http/handler";
import { startSync, startSyncSchema, syncOverview } from "@/lib/services/sync";

export const dynamic = "force-dynamic";

/** GET /api/admin/sync — the current (or latest) run with per-batch progress, recent runs, settings. */
export const GET = route({ access: "admin", cli: true }, async () => syncOverview());

/** POST /api/admin/sync {dryRun?} — the plan and its cost, or start a sync in the background. */
export const POST = route({ access: "admin", cli: true, body: startSyncSchema }, async ({ user, body }) =>
  startSync(user, body),
);
