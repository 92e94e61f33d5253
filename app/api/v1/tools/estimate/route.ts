import { route } from "@/lib/http/handler";
import { estimateQuerySchema, runEstimate } from "@/lib/services/estimate";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/tools/estimate?amount=&currency=&month=&country=&targetMonth=&targetCountry=[&index=]
 * → the amount escalated by the cost index and relocated by the location factor, every step listed.
 */
export const GET = route({ access: "user", query: estimateQuerySchema }, async ({ query }) =>
  runEstimate(query),
);
