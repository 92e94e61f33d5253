import { route } from "@/lib/http/handler";
import { addUser, listUsers, newUserSchema } from "@/lib/services/users";

export const dynamic = "force-dynamic";

/** GET /api/admin/users — every account (admin). */
export const GET = route({ access: "admin" }, async () => ({ items: await listUsers() }));

/** POST /api/admin/users {email, name?, password, role} — create an account (admin). */
export const POST = route({ access: "admin", body: newUserSchema }, async ({ user, body }) =>
  addUser(user, body),
);
