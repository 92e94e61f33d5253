// Access tokens: HS256 JWTs with `exp`, like the vendor's. Validity is judged on the simulated
// clock; "expire tokens" (control API) invalidates every token issued so far, and with a use limit
// (--token-max-uses) a token is revoked after that many authenticated calls, long before its exp.
import { randomUUID } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";

export type TokenClaims = { sub: string; jti: string; exp: number; iat: number; gen: number };

export class TokenIssuer {
  private readonly key: Uint8Array;
  private generation = 0;
  /** authenticated calls per token id (only with a use limit) */
  private readonly uses = new Map<string, { n: number; exp: number }>();

  constructor(
    secret: string,
    readonly ttlSeconds: number,
    private readonly maxUses = 0,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(username: string, now: Date): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ gen: this.generation, role: "Developer" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(username)
      .setJti(randomUUID())
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(this.key);
  }

  /** The claims of a valid token, or a reason it is not. */
  async verify(token: string, now: Date): Promise<TokenClaims | { invalid: string }> {
    try {
      const { payload } = await jwtVerify(token, this.key, { currentDate: now, algorithms: ["HS256"] });
      const claims = payload as unknown as TokenClaims;
      if (claims.gen !== this.generation) return { invalid: "The access token has been revoked." };
      if (this.maxUses > 0 && !this.use(claims, now))
        return { invalid: "Access token is missing or invalid." };
      return claims;
    } catch (error) {
      const code = (error as { code?: string }).code;
      return {
        invalid:
          code === "ERR_JWT_EXPIRED" ? "The access token has expired." : "The access token is invalid.",
      };
    }
  }

  /** Counts one authenticated call of a token; false once it is past its use limit. */
  private use(claims: TokenClaims, now: Date): boolean {
    const entry = this.uses.get(claims.jti) ?? { n: 0, exp: claims.exp };
    if (entry.n >= this.maxUses) return false;
    entry.n++;
    if (!this.uses.has(claims.jti)) {
      if (this.uses.size >= 10_000) {
        const seconds = now.getTime() / 1000;
        for (const [jti, e] of this.uses) if (e.exp <= seconds) this.uses.delete(jti);
      }
      this.uses.set(claims.jti, entry);
    }
    return true;
  }

  expireAll(): void {
    this.generation++;
  }
}
