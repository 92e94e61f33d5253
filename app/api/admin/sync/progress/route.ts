import { route } from "@/lib/http/handler";
import { syncProgress } from "@/lib/services/sync";

export const dynamic = "force-dynamic";

/** GET /api/admin/sync/progress — the current (or latest) run only: what the admin panel and the CLI poll. */
export const GET = route({ access: "admin", cli: true }, async () => syncProgress());
