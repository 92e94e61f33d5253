import { route } from "@/lib/http/handler";
import { changeOwnPassword, passwordChangeSchema } from "@/lib/services/account";

export const dynamic = "force-dynamic";

/** POST /api/v1/account/password {currentPassword, newPassword} — ends every session of yours. */
export const POST = route(
  { access: "user", tokens: false, beforePasswordChange: true, body: passwordChangeSchema },
  async ({ user, body }) => changeOwnPassword(user, body),
);
