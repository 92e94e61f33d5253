import { route } from "@/lib/http/handler";
import { bookmark, listParamsSchema, newItemSchema } from "@/lib/services/bookmarks";

export const dynamic = "force-dynamic";

/** POST /api/v1/bookmarks/{id}/items {service, code, note?} — bookmark a series into a list. */
export const POST = route(
  { access: "user", params: listParamsSchema, body: newItemSchema },
  async ({ user, params, body }) => bookmark(user, params.id, body),
);
