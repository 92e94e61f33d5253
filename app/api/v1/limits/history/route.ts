import { isAdmin } from "@/lib/auth/permissions";
import { route } from "@/lib/http/handler";
import { limitsHistory, limitsHistoryQuerySchema } from "@/lib/services/quota";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/limits/history?service=&dataset= — this release period's data-limits reports per
 * dataset, the app's own spend beside them and the projection to the period's end; also the daily
 * and Series Info call quotas. Admins also get the reconciliation with the app's ledger.
 */
export const GET = route({ access: "user", query: limitsHistoryQuerySchema }, async ({ user, query }) =>
  limitsHistory(query, { admin: isAdmin(user) }),
);
