import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { roleSchema } from "@/lib/domain/roles";
import { authenticateCredentials, LoginError } from "./credentials";
import { authSecret } from "./secret";

function clientAddress(headers: Record<string, unknown> | undefined): string | null {
  const forwarded = String(headers?.["x-forwarded-for"] ?? "")
    .split(",")[0]
    ?.trim();
  return forwarded || (headers?.["x-real-ip"] ? String(headers["x-real-ip"]) : null);
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
            return await authenticateCredentials(credentials, clientAddress(req.headers));
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
