import "server-only";
import { z } from "zod";
import { issueApiToken, listApiTokens, revokeApiToken } from "@/lib/auth/api-tokens";
import { isAdmin } from "@/lib/auth/permissions";
import { ADMIN_ONLY_SCOPES, tokenScopeSchema } from "@/lib/auth/scopes";
import { writeAudit } from "@/lib/db/audit";
import type { SessionUser } from "@/lib/domain/roles";
import { forbidden, notFound } from "@/lib/http/errors";

// Personal API tokens: scripts and spreadsheets call the JSON API as their owner. The token is
// shown once at creation; only its hash is stored.

export const newTokenSchema = z.object({
  name: z.string().trim().min(1, "is required").max(60),
  /** days until it stops working; null: until revoked */
  expiresInDays: z.number().int().min(1).max(730).nullable().default(90),
  /** read by default; write lets it change bookmarks; admin and metrics (admins only): the admin API, /api/metrics */
  scopes: z
    .array(tokenScopeSchema)
    .min(1)
    .max(4)
    .default(["read"])
    .transform((s) => [...new Set(s)]),
});
export const tokenParamsSchema = z.object({ id: z.string().min(1).max(40) });

const DAY_MS = 86_400_000;

function ownerOf(user: SessionUser): string {
  // The local command-line token acts for the machine, not for an account that could own tokens.
  if (user.id === "cli") throw forbidden("Sign in as a user to manage API tokens.");
  return user.id;
}

export async function createApiToken(
  user: SessionUser,
  input: z.input<typeof newTokenSchema>,
  now = new Date(),
) {
  const { name, expiresInDays, scopes } = newTokenSchema.parse(input);
  const adminOnly = scopes.find((s) => ADMIN_ONLY_SCOPES.includes(s));
  if (adminOnly && !isAdmin(user))
    throw forbidden(`Only an admin can create a token with the ${adminOnly} scope.`);
  const expiresAt = expiresInDays ? new Date(now.getTime() + expiresInDays * DAY_MS) : null;
  const issued = await issueApiToken(ownerOf(user), name, expiresAt, scopes);
  await writeAudit({
    actorId: user.id,
    action: "token.create",
    target: issued.id,
    details: { name, scopes, expiresAt: expiresAt?.toISOString() ?? null },
  });
  return issued;
}

export async function myApiTokens(user: SessionUser) {
  return listApiTokens(ownerOf(user));
}

export async function revokeMyApiToken(user: SessionUser, id: string, now = new Date()) {
  const { count } = await revokeApiToken(ownerOf(user), id, now);
  if (!count) throw notFound("No such token of yours.");
  await writeAudit({ actorId: user.id, action: "token.revoke", target: id });
  return { revoked: id };
}
