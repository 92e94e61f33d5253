import { NextResponse } from "next/server";
import { route } from "@/lib/http/handler";
import { createApiToken, myApiTokens, newTokenSchema } from "@/lib/services/api-tokens";

export const dynamic = "force-dynamic";

/** GET /api/v1/tokens — your personal API tokens (never the secret). */
export const GET = route({ access: "user", tokens: false }, async ({ user }) => ({
  items: await myApiTokens(user),
}));

/** POST /api/v1/tokens {name, expiresInDays?} — a new token; `token` is in this answer only. */
export const POST = route({ access: "user", tokens: false, body: newTokenSchema }, async ({ user, body }) =>
  NextResponse.json(await createApiToken(user, body), {
    status: 201,
    headers: { "cache-control": "no-store" },
  }),
);
