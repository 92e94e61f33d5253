import { channelSettingsInput } from "@/lib/domain/notification-channels";
import { route } from "@/lib/http/handler";
import { notificationChannels, updateNotificationChannels } from "@/lib/services/notification-channels";

export const dynamic = "force-dynamic";

/** GET /api/admin/notifications — channel settings (secrets as set / not set) and the outgoing queue. */
export const GET = route({ access: "admin" }, async () => notificationChannels());

/** PUT /api/admin/notifications {email, webhook} — change the channels (audited, secrets never echoed). */
export const PUT = route({ access: "admin", body: channelSettingsInput }, async ({ user, body }) => ({
  settings: await updateNotificationChannels(body, user),
}));
