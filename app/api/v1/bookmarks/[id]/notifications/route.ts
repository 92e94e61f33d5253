import { route } from "@/lib/http/handler";
import { listParamsSchema } from "@/lib/services/bookmarks";
import { chooseListChannels, listChannelsSchema } from "@/lib/services/notifications";

export const dynamic = "force-dynamic";

/** PUT /api/v1/bookmarks/{id}/notifications {email, webhook} — the channels you want for a list you see. */
export const PUT = route(
  { access: "user", params: listParamsSchema, body: listChannelsSchema },
  async ({ user, params, body }) => chooseListChannels(user, params.id, body),
);
