import { z } from "zod";
import { route } from "@/lib/http/handler";
import { refreshLimits } from "@/lib/services/quota-admin";

export const dynamic = "force-dynamic";

/** POST /api/admin/limits/refresh — ask the vendor's data-limits report now (one call per service). */
export const POST = route({ access: "admin", body: z.object({}).strict() }, async ({ user }) =>
  refreshLimits(user),
);
