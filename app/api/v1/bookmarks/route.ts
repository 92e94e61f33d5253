import { route } from "@/lib/http/handler";
import { listBookmarks, newList, newListSchema } from "@/lib/services/bookmarks";

export const dynamic = "force-dynamic";

/** GET /api/v1/bookmarks — your lists and every shared list, with items and "new" markers. */
export const GET = route({ access: "user" }, async ({ user }) => ({ items: await listBookmarks(user) }));

/** POST /api/v1/bookmarks {name, description?, shared?} — a new list. */
export const POST = route({ access: "user", body: newListSchema }, async ({ user, body }) =>
  newList(user, body),
);
