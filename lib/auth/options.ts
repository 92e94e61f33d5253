import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { roleSchema } from "@/lib/domain/roles";
import { env } from "@/lib/env";
import { clientAddress, headerSource } from "@/lib/http/client-address";
import { authenticateCredentials, LoginError } from "./credentials";
import { authSecret } from "./secret";

/** The address a login comes from: the socket's, or X-Forwarded-For only behind trusted proxies. */
export function loginAddress(headers: Record<string, unknown> | undefined): string | null {
  return clientAddress(headerSource(headers), env().TRUSTED_PROXY_COUNT);
}

/** A session ends after this long without use… */
export const SESSION_IDLE_S = 8 * 60 * 60;
/** …and this long after sign-in, however busy (the idle expiry slides; this one does not). */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;

type Token = Record<string, unknown> & { uid?: string; role?: string; sv?: number; authTime?: number };

/** The session token after sign-in (`user` set) or on later use; empty once past its absolute lifetime. */
export function nextToken(token: Token, user: unknown, now = Date.now()): Token {
  if (user) {
    const u = user as { id: string; role?: string; sessionVersion?: number };
    return { ...token, uid: u.id, role: u.role, sv: u.sessionVersion ?? 0, authTime: now };
  }
  if (typeof token.authTime !== "number" || now - token.authTime > SESSION_ABSOLUTE_MS) return {};
  return token;
}

export function authOptions(): NextAuthOptions {
  const publicUrl = env().NEXTAUTH_URL;
  return {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: SESSION_IDLE_S },
    // Cookies only over https when the app is served over https (behind a proxy that ends TLS too).
    useSecureCookies: Boolean(publicUrl?.startsWith("https://")),
    pages: { signIn: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
        },
        async authorize(credentials, req) {
          try {
            return await authenticateCredentials(credentials, loginAddress(req.headers));
          } catch (error) {
            // next-auth hands the message to the login form as `error`.
            if (error instanceof LoginError) throw new Error(error.message);
            throw error;
          }
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        return nextToken(token as Token, user) as typeof token;
      },
      session({ session, token }) {
        const role = roleSchema.safeParse(token.role);
        return {
          ...session,
          user: {
            ...session.user,
            id: String(token.uid ?? ""),
            role: role.success ? role.data : "viewer",
            sv: typeof token.sv === "number" ? token.sv : 0,
          },
        };
      },
    },
  };
}
