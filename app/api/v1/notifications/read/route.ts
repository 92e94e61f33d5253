import { route } from "@/lib/http/handler";
import { markRead, markReadSchema } from "@/lib/services/notifications";

export const dynamic = "force-dynamic";

/** POST /api/v1/notifications/read {ids: [...]} or {all: true} — marks your notifications read. */
export const POST = route({ access: "user", body: markReadSchema }, async ({ user, body }) =>
  markRead(user, body),
);
