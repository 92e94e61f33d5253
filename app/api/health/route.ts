import { NextResponse } from "next/server";
import { isAdmin } from "@/lib/auth/permissions";
import { requestCaller } from "@/lib/auth/request-user";
import { route } from "@/lib/http/handler";
import { checkHealth, publicHealth } from "@/lib/services/health";

export const dynamic = "force-dynamic";

/**
 * GET /api/health — readiness. Anonymous callers learn only `{status: "ok" | "degraded"}`; admins
 * and API tokens get the database, upstream and last sync too.
 */
export const GET = route({ access: "public" }, async ({ request }) => {
  const health = await checkHealth();
  const caller = await requestCaller(request).catch(() => null);
  const detailed = caller && (caller.via !== "session" || isAdmin(caller.user));
  return NextResponse.json(detailed ? health : publicHealth(health), {
    status: health.status === "down" ? 503 : 200,
    headers: { "cache-control": "no-store" },
  });
});
