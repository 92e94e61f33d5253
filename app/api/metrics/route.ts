import { route } from "@/lib/http/handler";
import { metricsText } from "@/lib/services/metrics";

export const dynamic = "force-dynamic";

/**
 * GET /api/metrics — Prometheus text format. An admin's session, or a personal token of an admin
 * with the `metrics` (or `admin`) scope.
 */
export const GET = route({ access: "admin", scopes: ["metrics", "admin"] }, async () => {
  const { body, contentType } = await metricsText();
  return new Response(body, { headers: { "content-type": contentType, "cache-control": "no-store" } });
});
