import { route } from "@/lib/http/handler";
import { feedQuerySchema, notificationFeed } from "@/lib/services/notifications";

export const dynamic = "force-dynamic";

/** GET /api/v1/notifications?unread=&page=&pageSize= — your feed, newest first, with the unread count. */
export const GET = route({ access: "user", query: feedQuerySchema }, async ({ user, query }) =>
  notificationFeed(user, query),
);
