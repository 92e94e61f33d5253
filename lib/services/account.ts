import "server-only";
import { z } from "zod";
import { forgetAccount } from "@/lib/auth/account-cache";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { newPasswordSchema } from "@/lib/auth/password-policy";
import { writeAudit } from "@/lib/db/audit";
import { endSessions, findPasswordHash, setPassword } from "@/lib/db/users";
import type { SessionUser } from "@/lib/domain/roles";
import { badRequest, forbidden } from "@/lib/http/errors";

// A signed-in person's own account: a new password (which ends every session, this one too) and
// "sign out everywhere".

export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, "is required").max(200),
    newPassword: newPasswordSchema,
  })
  .strict();

function person(user: SessionUser): string {
  if (user.id === "cli") throw forbidden("Sign in as a user to change an account.");
  return user.id;
}

export async function changeOwnPassword(user: SessionUser, input: z.infer<typeof passwordChangeSchema>) {
  const id = person(user);
  const stored = await findPasswordHash(id);
  if (!stored || !(await verifyPassword(input.currentPassword, stored.passwordHash)))
    throw badRequest("The current password is not right.", { field: "currentPassword" });
  if (input.newPassword.toLowerCase().includes(stored.email.split("@")[0]?.toLowerCase() || "\u0000"))
    throw badRequest("The new password must not contain your email name.", { field: "newPassword" });
  if (await verifyPassword(input.newPassword, stored.passwordHash))
    throw badRequest("Choose a password other than the current one.", { field: "newPassword" });
  await setPassword(id, await hashPassword(input.newPassword));
  forgetAccount(id);
  await writeAudit({ actorId: id, action: "account.password_change", target: user.email });
  return { changed: true, signedOut: true };
}

export async function signOutEverywhere(user: SessionUser) {
  const id = person(user);
  await endSessions(id);
  forgetAccount(id);
  await writeAudit({ actorId: id, action: "account.sign_out_everywhere", target: user.email });
  return { signedOut: true };
}
