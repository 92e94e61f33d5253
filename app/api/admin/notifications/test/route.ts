import { testMessageInput } from "@/lib/domain/notification-channels";
import { route } from "@/lib/http/handler";
import { sendTestMessage } from "@/lib/services/notification-channels";

export const dynamic = "force-dynamic";

/** POST /api/admin/notifications/test {channel: "email"|"webhook"} — sends a test message now. */
export const POST = route({ access: "admin", body: testMessageInput }, async ({ user, body }) =>
  sendTestMessage(body, user),
);
