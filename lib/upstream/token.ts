import "server-only";
// One vendor token for every process: logs in once, shares the token through the TokenStore,
// refreshes it ahead of its `exp`, and lets concurrent callers wait for a single login.
// At rest the token is sealed with AES-256-GCM under a key derived (HKDF-SHA256) from the server
// secret and the credentials: the database alone, or the database and the credentials, do not
// reveal it. Each sealed value names its key; former secrets still open it, and a token opened
// with one is sealed again under the current secret (rotation).
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import { decodeJwt } from "jose";
import { classifyHttpError, UpstreamError } from "./errors";
import { tokenResponseSchema } from "./schemas";
import type { TokenStore } from "./stores";

export type Credentials = {
  baseUrl: string;
  username: string;
  password: string;
  /** server secrets, current first, then former ones; none: a key of this process only */
  keySecrets?: string[];
};

const REFRESH_MARGIN_MS = 5 * 60_000;
const FALLBACK_LIFETIME_MS = 60 * 60_000;

export type TokenKey = { id: string; key: Buffer };

// Without a configured secret, a random one for this process: never a key from the credentials alone.
const processSecret = randomBytes(32).toString("base64url");

/** The keys to seal and open the token with: the current one first. */
export function tokenKeys(credentials: Credentials): TokenKey[] {
  const secrets = credentials.keySecrets?.filter(Boolean).length ? credentials.keySecrets : [processSecret];
  const salt = createHash("sha256")
    .update(`${credentials.baseUrl}\0${credentials.username}\0${credentials.password}`)
    .digest();
  return (secrets ?? []).filter(Boolean).map((secret) => {
    const key = Buffer.from(hkdfSync("sha256", secret, salt, "price-atlas upstream token v2", 32));
    return { id: createHash("sha256").update(key).digest("base64url").slice(0, 8), key };
  });
}

const VERSION = "v2";

export function sealToken(token: string, key: TokenKey): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key.key, iv);
  cipher.setAAD(Buffer.from(`${VERSION}.${key.id}`));
  const body = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
  return [VERSION, key.id, ...[iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url"))].join(".");
}

/** The token and the key that opened it, or null (another secret or credentials, or tampered). */
export function openToken(sealed: string, keys: TokenKey[]): { token: string; key: TokenKey } | null {
  const [version, id, ...parts] = sealed.split(".");
  const key = keys.find((k) => k.id === id);
  if (version !== VERSION || !key || parts.length !== 3) return null; // older format: log in again
  try {
    const [iv, tag, body] = parts.map((p) => Buffer.from(p, "base64url")) as [Buffer, Buffer, Buffer];
    const decipher = createDecipheriv("aes-256-gcm", key.key, iv);
    decipher.setAAD(Buffer.from(`${VERSION}.${key.id}`));
    decipher.setAuthTag(tag);
    return { token: Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8"), key };
  } catch {
    return null;
  }
}

/** `exp` of the JWT, or a conservative lifetime when the token carries none. */
export function tokenExpiry(token: string, now: Date): Date {
  try {
    const { exp } = decodeJwt(token);
    if (typeof exp === "number") return new Date(exp * 1000);
  } catch {
    // not a JWT we can read
  }
  return new Date(now.getTime() + FALLBACK_LIFETIME_MS);
}

export class TokenManager {
  private readonly keys: TokenKey[];
  private memory: { token: string; expiresAt: Date } | null = null;
  private pending: Promise<string> | null = null;
  /** Logins performed by this process (tests and the admin page read it). */
  logins = 0;

  constructor(
    private readonly credentials: Credentials,
    private readonly store: TokenStore,
    private readonly now: () => Date,
    private readonly timeoutMs: number,
  ) {
    this.keys = tokenKeys(credentials);
  }

  private fresh(entry: { expiresAt: Date } | null): boolean {
    return Boolean(entry && entry.expiresAt.getTime() - REFRESH_MARGIN_MS > this.now().getTime());
  }

  /** A token valid for at least a few more minutes. */
  async token(): Promise<string> {
    if (this.memory && this.fresh(this.memory)) return this.memory.token;
    this.pending ??= this.obtain().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  /** The vendor said 401: forget `rejected` (unless another caller already replaced it). */
  async invalidate(rejected: string): Promise<void> {
    if (this.memory?.token === rejected) this.memory = null;
    const stored = await this.store.load();
    if (stored && openToken(stored.cipher, this.keys)?.token === rejected) await this.store.clear();
  }

  private async fromStore(): Promise<string | null> {
    const stored = await this.store.load();
    if (!stored || !this.fresh(stored)) return null;
    const opened = openToken(stored.cipher, this.keys);
    if (!opened) return null;
    this.memory = { token: opened.token, expiresAt: stored.expiresAt };
    const current = this.keys[0];
    // Sealed under a former secret: seal it again under the current one.
    if (current && opened.key.id !== current.id)
      await this.store.save(
        { cipher: sealToken(opened.token, current), expiresAt: stored.expiresAt },
        this.now(),
      );
    return opened.token;
  }

  private async obtain(): Promise<string> {
    const shared = await this.fromStore();
    if (shared) return shared;
    return this.store.withLoginLock(async () => {
      // Another process may have logged in while we waited for the lock.
      const again = await this.fromStore();
      if (again) return again;
      const token = await this.login();
      const expiresAt = tokenExpiry(token, this.now());
      this.memory = { token, expiresAt };
      await this.store.save({ cipher: sealToken(token, this.keys[0] as TokenKey), expiresAt }, this.now());
      return token;
    });
  }

  private async login(): Promise<string> {
    let res: Response;
    try {
      res = await fetch(`${this.credentials.baseUrl}/access_token/v1`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ username: this.credentials.username, password: this.credentials.password }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const timeout = error instanceof Error && error.name === "TimeoutError";
      throw new UpstreamError(
        timeout ? "timeout" : "network",
        `Token service: ${timeout ? "timed out" : "unreachable"}`,
      );
    }
    const body = await res.text();
    if (!res.ok) {
      const error = classifyHttpError(res.status, res.headers, body);
      if (error.kind === "unauthorized" || error.kind === "forbidden" || error.kind === "bad_request")
        throw new UpstreamError(
          "unauthorized",
          "The vendor refused the configured login (check UPSTREAM_USERNAME / UPSTREAM_PASSWORD).",
          {
            status: res.status,
          },
        );
      throw error;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new UpstreamError("bad_response", "Token service answered with something other than JSON.");
    }
    const result = tokenResponseSchema.safeParse(parsed);
    if (!result.success)
      throw new UpstreamError("bad_response", "Token service answered without access_token.");
    this.logins++;
    return result.data.access_token;
  }
}
