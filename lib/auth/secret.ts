import "server-only";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ConfigError, env } from "@/lib/env";

/**
 * The secret that signs sessions and encrypts the stored upstream token. NEXTAUTH_SECRET when set;
 * in the embedded single-machine default, one generated on first start and kept in DATA_DIR.
 * Several instances on PostgreSQL must share it, so there it is required.
 */
export function authSecret(): string {
  const { NEXTAUTH_SECRET, embeddedDatabase, dataDir } = env();
  if (NEXTAUTH_SECRET) return NEXTAUTH_SECRET;
  if (!embeddedDatabase) {
    throw new ConfigError(
      "Invalid configuration: NEXTAUTH_SECRET is required when DATABASE_URL is set (every instance must share it)",
    );
  }
  const file = path.join(dataDir, ".auth-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  }
}

/**
 * The secrets the stored vendor token is sealed with: the current one first, then former ones
 * (NEXTAUTH_SECRET_PREVIOUS) so a rotation does not cost a login. Empty when no secret can be had
 * (the token then stays in this process).
 */
export function tokenKeySecrets(): string[] {
  try {
    const previous = (env().NEXTAUTH_SECRET_PREVIOUS ?? "").split(",").map((s) => s.trim());
    return [authSecret(), ...previous].filter(Boolean);
  } catch (error) {
    if (error instanceof ConfigError) return [];
    throw error;
  }
}
