import "server-only";
import { z } from "zod";
import { writeAudit } from "@/lib/db/audit";
import { findUserByEmail, recordLogin } from "@/lib/db/users";
import type { SessionUser } from "@/lib/domain/roles";
import { burnPasswordCheck, verifyPassword } from "./password";
import { loginLockedFor, noteLoginFailure, noteLoginSuccess } from "./throttle";

export class LoginError extends Error {
  override name = "LoginError";
}

export const credentialsSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()),
  password: z.string().min(1).max(200),
});

function waitText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes > 1 ? `${minutes} minutes` : "a minute";
}

/** Checks a login; throws LoginError with a message fit for the login form. */
export async function authenticateCredentials(
  input: unknown,
  ip: string | null,
  now = new Date(),
): Promise<SessionUser & { sessionVersion: number }> {
  const parsed = credentialsSchema.safeParse(input);
  if (!parsed.success) throw new LoginError("Enter your email address and password.");
  const { email, password } = parsed.data;
  const locked = await loginLockedFor(email, ip, now);
  if (locked) {
    await writeAudit({ action: "auth.sign_in_failed", target: email, details: { ip, locked: true } });
    throw new LoginError(`Too many failed attempts. Try again in ${waitText(locked)}.`);
  }
  const user = await findUserByEmail(email);
  const ok =
    user && !user.disabled
      ? await verifyPassword(password, user.passwordHash)
      : await burnPasswordCheck(password);
  if (!user || !ok || user.disabled) {
    await noteLoginFailure(email, ip, now);
    await writeAudit({
      action: "auth.sign_in_failed",
      target: email,
      details: { ip, known: Boolean(user), ...(user?.disabled ? { disabled: true } : {}) },
    });
    throw new LoginError("Wrong email address or password.");
  }
  await noteLoginSuccess(email, ip);
  await recordLogin(user.id, now);
  await writeAudit({ actorId: user.id, action: "auth.sign_in", target: user.email, details: { ip } });
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    sessionVersion: user.sessionVersion,
    ...(user.mustChangePassword ? { mustChangePassword: true } : {}),
  };
}
