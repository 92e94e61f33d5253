import { route } from "@/lib/http/handler";
import { itemParamsSchema, unbookmark } from "@/lib/services/bookmarks";

export const dynamic = "force-dynamic";

/** DELETE /api/v1/bookmarks/{id}/items/{itemId} */
export const DELETE = route({ access: "user", params: itemParamsSchema }, async ({ user, params }) =>
  unbookmark(user, params.id, params.itemId),
);
