import { route } from "@/lib/http/handler";
import { runsPage, runsQuerySchema } from "@/lib/services/sync-runs";

export const dynamic = "force-dynamic";

/** GET /api/admin/sync/runs?page=&pageSize= — recent sync runs, newest first (admin). */
export const GET = route({ access: "admin", query: runsQuerySchema }, async ({ query }) => runsPage(query));
