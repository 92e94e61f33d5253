// Access tokens: HS256 JWTs with `exp`, like the vendor's. Validity is judged on the simulated
// clock; "expire tokens" (control API) invalidates every token issued so far.
import { randomUUID } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";

export type TokenClaims = { sub: string; jti: string; exp: number; iat: number; gen: number };

export class TokenIssuer {
  private readonly key: Uint8Array;
  private generation = 0;

  constructor(
    secret: string,
    readonly ttlSeconds: number,
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
      return claims;
    } catch (error) {
      const code = (error as { code?: string }).code;
      return {
        invalid:
          code === "ERR_JWT_EXPIRED" ? "The access token has expired." : "The access token is invalid.",
      };
    }
  }

  expireAll(): void {
    this.generation++;
  }
}
