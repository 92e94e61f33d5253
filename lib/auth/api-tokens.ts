import "server-only";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { createToken, findTokenByHash, listTokens, revokeToken, touchToken } from "@/lib/db/api-tokens";
import type { SessionUser } from "@/lib/domain/roles";
import { env } from "@/lib/env";

// Personal API tokens ("pa_…"): shown once, stored as a SHA-256 hash.
const PREFIX = "pa_";

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function issueApiToken(userId: string, name: string, expiresAt: Date | null) {
  const token = `${PREFIX}${randomBytes(24).toString("base64url")}`;
  const record = await createToken({
    userId,
    name,
    prefix: token.slice(0, 10),
    tokenHash: hashToken(token),
    expiresAt,
  });
  return { ...record, token };
}

export { listTokens as listApiTokens, revokeToken as revokeApiToken };

/** The user a bearer token belongs to, or null when it is unknown, revoked, expired or disabled. */
export async function userForApiToken(token: string, now = new Date()): Promise<SessionUser | null> {
  if (token.startsWith("cli_")) return cliTokenUser(token);
  if (!token.startsWith(PREFIX)) return null;
  const record = await findTokenByHash(hashToken(token));
  if (!record || record.revokedAt || (record.expiresAt && record.expiresAt <= now) || record.user.disabled)
    return null;
  // "Last used" is shown to a minute's precision; writing it on every request would not be.
  if (!record.lastUsedAt || now.getTime() - record.lastUsedAt.getTime() > 60_000)
    await touchToken(record.id, now);
  const { id, email, name, role } = record.user;
  return { id, email, name, role };
}

/**
 * In the embedded default the app owns the database file, so `npm run sync` goes through the app.
 * `npm start` writes a fresh local token to DATA_DIR (readable by the owner only); holding it is
 * holding the machine, and it acts as the built-in "cli" admin.
 */
function cliTokenUser(token: string): SessionUser | null {
  const expected = cliToken();
  if (!expected) return null;
  const a = Buffer.from(expected);
  const b = Buffer.from(token);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
  return { id: "cli", email: "cli@localhost", name: "Command line", role: "admin" };
}

// `npm start` writes the token before the server starts; re-read it at most every few seconds.
let cliTokenCache: { value: string | null; readAt: number } | undefined;
function cliToken(now = Date.now()): string | null {
  if (!cliTokenCache || now - cliTokenCache.readAt > 5000) {
    let value: string | null = null;
    try {
      value = readFileSync(path.join(env().dataDir, ".cli-token"), "utf8").trim() || null;
    } catch {
      value = null;
    }
    cliTokenCache = { value, readAt: now };
  }
  return cliTokenCache.value;
}
