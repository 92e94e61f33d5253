import { route } from "@/lib/http/handler";
import { changeList, listParamsSchema, listPatchSchema, removeList } from "@/lib/services/bookmarks";

export const dynamic = "force-dynamic";

/** PATCH /api/v1/bookmarks/{id} {name?, description?, shared?} (owner or admin) */
export const PATCH = route(
  { access: "user", params: listParamsSchema, body: listPatchSchema },
  async ({ user, params, body }) => changeList(user, params.id, body),
);

/** DELETE /api/v1/bookmarks/{id} (owner or admin) */
export const DELETE = route({ access: "user", params: listParamsSchema }, async ({ user, params }) =>
  removeList(user, params.id),
);
