import { z } from "zod";
import { route } from "@/lib/http/handler";
import { changeUser, userPatchSchema } from "@/lib/services/users";

export const dynamic = "force-dynamic";

/** PATCH /api/admin/users/{id} {name?, role?, disabled?, password?} (admin). */
export const PATCH = route(
  { access: "admin", params: z.object({ id: z.string().min(1) }), body: userPatchSchema },
  async ({ user, params, body }) => changeUser(user, params.id, body),
);
