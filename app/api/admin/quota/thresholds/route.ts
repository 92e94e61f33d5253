import { route } from "@/lib/http/handler";
import { quotaThresholds, updateQuotaThresholds } from "@/lib/services/quota-admin";
import { quotaThresholdsSchema } from "@/lib/sync/quota-thresholds";

export const dynamic = "force-dynamic";

/** GET /api/admin/quota/thresholds — the percentages of a quota used at which admins are warned. */
export const GET = route({ access: "admin" }, async () => quotaThresholds());

/** PUT /api/admin/quota/thresholds {thresholds: [80, 95]} — set them (audited). */
export const PUT = route({ access: "admin", body: quotaThresholdsSchema.strict() }, async ({ user, body }) =>
  updateQuotaThresholds(user, body),
);
