import { route } from "@/lib/http/handler";
import { limitsOverview } from "@/lib/services/limits";

export const dynamic = "force-dynamic";

/** GET /api/v1/limits — per service and dataset remaining/total, plus the app's own ledger counts. */
export const GET = route({ access: "user" }, async () => limitsOverview());
