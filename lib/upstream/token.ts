import "server-only";
// One vendor token for every process: logs in once, shares the token through the TokenStore
// (encrypted with a key derived from the credentials, so the database alone does not reveal it),
// refreshes it ahead of its `exp`, and lets concurrent callers wait for a single login.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { decodeJwt } from "jose";
import { classifyHttpError, UpstreamError } from "./errors";
import { tokenResponseSchema } from "./schemas";
import type { TokenStore } from "./stores";

export type Credentials = { baseUrl: string; username: string; password: string };

const REFRESH_MARGIN_MS = 5 * 60_000;
const FALLBACK_LIFETIME_MS = 60 * 60_000;

function keyFor(credentials: Credentials): Buffer {
  return createHash("sha256")
    .update(`price-atlas token key\0${credentials.baseUrl}\0${credentials.username}\0${credentials.password}`)
    .digest();
}

export function sealToken(token: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url")).join(".");
}

export function openToken(sealed: string, key: Buffer): string | null {
  try {
    const [iv, tag, body] = sealed.split(".").map((p) => Buffer.from(p, "base64url"));
    if (!iv || !tag || !body) return null;
    const decipher = createDecipheriv("aes-256-gcm", key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    return null; // other credentials, or tampered: log in again
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
  private readonly key: Buffer;
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
    this.key = keyFor(credentials);
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
    if (stored && openToken(stored.cipher, this.key) === rejected) await this.store.clear();
  }

  private async fromStore(): Promise<string | null> {
    const stored = await this.store.load();
    if (!stored || !this.fresh(stored)) return null;
    const token = openToken(stored.cipher, this.key);
    if (token) this.memory = { token, expiresAt: stored.expiresAt };
    return token;
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
      await this.store.save({ cipher: sealToken(token, this.key), expiresAt }, this.now());
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
