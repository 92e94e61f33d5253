import "server-only";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { createToken, findTokenByHash, listTokens, revokeToken, touchToken } from "@/lib/db/api-tokens";
import type { SessionUser } from "@/lib/domain/roles";
import { env } from "@/lib/env";
import { isLoopback } from "@/lib/http/client-address";
import type { Caller } from "./request-user";
import type { TokenScope } from "./scopes";

// Personal API tokens ("pa_…"): shown once, stored as a SHA-256 hash, limited to their scopes.
const PREFIX = "pa_";
const CLI_PREFIX = "cli_";
export const CLI_TOKEN_FILE = ".cli-token";

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function issueApiToken(
  userId: string,
  name: string,
  expiresAt: Date | null,
  scopes: TokenScope[] = ["read"],
) {
  const token = `${PREFIX}${randomBytes(24).toString("base64url")}`;
  const record = await createToken({
    userId,
    name,
    prefix: token.slice(0, 10),
    tokenHash: hashToken(token),
    expiresAt,
    scopes,
  });
  return { ...record, token };
}

export { listTokens as listApiTokens, revokeToken as revokeApiToken };

/** The caller a bearer token stands for, or null when it is unknown, revoked, expired or refused. */
export async function callerForBearer(
  token: string,
  address: string | null,
  now: Date,
): Promise<Caller | null> {
  if (token.startsWith(CLI_PREFIX)) {
    const user = cliTokenUser(token, address);
    return user ? { via: "cli", user } : null;
  }
  if (!token.startsWith(PREFIX)) return null;
  const record = await findTokenByHash(hashToken(token));
  if (!record || record.revokedAt || (record.expiresAt && record.expiresAt <= now) || record.user.disabled)
    return null;
  // "Last used" is shown to a minute's precision; writing it on every request would not be.
  if (!record.lastUsedAt || now.getTime() - record.lastUsedAt.getTime() > 60_000)
    await touchToken(record.id, now);
  const { id, email, name, role } = record.user;
  // An admin token of someone who is no longer an admin keeps only what a viewer may do.
  const scopes = role === "admin" ? record.scopes : record.scopes.filter((s) => s !== "admin");
  return { via: "token", user: { id, email, name, role }, scopes };
}

/** The user a bearer token belongs to, or null (personal tokens only; see callerForBearer). */
export async function userForApiToken(token: string, now = new Date()): Promise<SessionUser | null> {
  const caller = token.startsWith(PREFIX) ? await callerForBearer(token, null, now) : null;
  return caller?.user ?? null;
}

/**
 * `npm run sync` goes through a running app (in the embedded default the app owns the database).
 * `npm start` writes a fresh local token to DATA_DIR at every start (readable by the owner only).
 * It is accepted only from this machine (loopback) and only by the sync endpoints.
 */
function cliTokenUser(token: string, address: string | null): SessionUser | null {
  if (!isLoopback(address)) return null;
  const expected = cliToken();
  if (!expected) return null;
  const a = Buffer.from(expected);
  const b = Buffer.from(token);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
  return { id: "cli", email: "cli@localhost", name: "Command line", role: "admin" };
}

export function newCliToken(): string {
  return `${CLI_PREFIX}${randomBytes(24).toString("base64url")}`;
}

// `npm start` writes the token before the server starts; re-read it at most every few seconds.
let cliTokenCache: { value: string | null; readAt: number } | undefined;
function cliToken(now = Date.now()): string | null {
  if (!cliTokenCache || now - cliTokenCache.readAt > 5000) {
    let value: string | null = null;
    try {
      value = readFileSync(path.join(env().dataDir, CLI_TOKEN_FILE), "utf8").trim() || null;
    } catch {
      value = null;
    }
    cliTokenCache = { value, readAt: now };
  }
  return cliTokenCache.value;
}
