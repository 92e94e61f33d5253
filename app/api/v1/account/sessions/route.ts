import { z } from "zod";
import { route } from "@/lib/http/handler";
import { signOutEverywhere } from "@/lib/services/account";

export const dynamic = "force-dynamic";

/** POST /api/v1/account/sessions {signOut: "everywhere"} — ends every session of yours, this one too. */
export const POST = route(
  {
    access: "user",
    tokens: false,
    beforePasswordChange: true,
    body: z.object({ signOut: z.literal("everywhere") }).strict(),
  },
  async ({ user }) => signOutEverywhere(user),
);
