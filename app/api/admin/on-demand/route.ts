import { route } from "@/lib/http/handler";
import { onDemandPolicy, onDemandPolicySchema, updateOnDemandPolicy } from "@/lib/services/on-demand-policy";

export const dynamic = "force-dynamic";

/** GET /api/admin/on-demand — limits on fetching renderings nobody asked for yet. */
export const GET = route({ access: "admin" }, async () => onDemandPolicy());

/** PATCH /api/admin/on-demand {perUserDaily?, perDatasetMonthly?} */
export const PATCH = route(
  { access: "admin", body: onDemandPolicySchema.partial().strict() },
  async ({ user, body }) => updateOnDemandPolicy(body, user.email, user.id),
);
