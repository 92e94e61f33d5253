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

export function authOptions(): NextAuthOptions {
  return {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: 12 * 60 * 60 },
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
        if (user) {
          token.uid = user.id;
          token.role = (user as { role?: string }).role;
        }
        return token;
      },
      session({ session, token }) {
        const role = roleSchema.safeParse(token.role);
        return {
          ...session,
          user: { ...session.user, id: String(token.uid ?? ""), role: role.success ? role.data : "viewer" },
        };
      },
    },
  };
}
