import { route } from "@/lib/http/handler";
import { syncSettings, updateSyncSettings } from "@/lib/services/sync";
import { syncSettingsSchema } from "@/lib/sync/settings";

export const dynamic = "force-dynamic";

/** GET /api/admin/settings — sync settings (on-demand reserve, variant retention). */
export const GET = route({ access: "admin" }, async () => syncSettings());

/** PATCH /api/admin/settings — change them. */
export const PATCH = route(
  { access: "admin", body: syncSettingsSchema.partial().strict() },
  async ({ user, body }) => updateSyncSettings(body, user),
);
