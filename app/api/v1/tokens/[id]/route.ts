import { route } from "@/lib/http/handler";
import { revokeMyApiToken, tokenParamsSchema } from "@/lib/services/api-tokens";

export const dynamic = "force-dynamic";

/** DELETE /api/v1/tokens/{id} — revokes one of your tokens at once. */
export const DELETE = route(
  { access: "user", tokens: false, params: tokenParamsSchema },
  async ({ user, params }) => revokeMyApiToken(user, params.id),
);
