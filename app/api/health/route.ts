import { NextResponse } from "next/server";
import { route } from "@/lib/http/handler";
import { checkHealth } from "@/lib/services/health";

export const dynamic = "force-dynamic";

/** GET /api/health — no auth: database, upstream and last sync, for probes and people. */
export const GET = route({ access: "public" }, async () => {
  const health = await checkHealth();
  return NextResponse.json(health, {
    status: health.status === "down" ? 503 : 200,
    headers: { "cache-control": "no-store" },
  });
});
