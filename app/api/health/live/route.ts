import { route } from "@/lib/http/handler";

export const dynamic = "force-dynamic";

/**
 * GET /api/health/live — no auth, touches nothing: "this process answers HTTP". For load balancers'
 * liveness checks (readiness is /api/health), and the floor `npm run bench:api` measures against.
 */
export const GET = route({ access: "public" }, async () => ({ status: "ok" }));
