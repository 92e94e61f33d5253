import "server-only";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { forgetAccount } from "@/lib/auth/account-cache";
import { hashPassword } from "@/lib/auth/password";
import { writeAudit } from "@/lib/db/audit";
import { countAdmins, countUsers, createUser, findUserById, listUsers, updateUser } from "@/lib/db/users";
import { roleSchema, type SessionUser } from "@/lib/domain/roles";
import { env } from "@/lib/env";
import { conflict, forbidden, notFound } from "@/lib/http/errors";

export const DEMO_ADMIN = { email: "admin@example.com", password: "atlas-admin" } as const;
export const DEMO_VIEWER = { email: "viewer@example.com", password: "atlas-viewer" } as const;

export const newUserSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()),
  name: z.string().trim().max(100).optional().nullable(),
  password: z.string().min(8, "must be at least 8 characters").max(200),
  role: roleSchema.default("viewer"),
});

export const userPatchSchema = z
  .object({
    name: z.string().trim().max(100).nullable(),
    role: roleSchema,
    disabled: z.boolean(),
    password: z.string().min(8, "must be at least 8 characters").max(200),
  })
  .partial();

export async function addUser(actor: SessionUser | null, input: z.input<typeof newUserSchema>) {
  const data = newUserSchema.parse(input);
  try {
    const user = await createUser({
      email: data.email,
      name: data.name ?? null,
      role: data.role,
      passwordHash: await hashPassword(data.password),
    });
    await writeAudit({
      actorId: actor?.id,
      action: "user.create",
      target: user.email,
      details: { role: user.role },
    });
    return user;
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw conflict(`A user with the email ${data.email} already exists.`);
    }
    throw error;
  }
}

export async function changeUser(actor: SessionUser, id: string, input: z.input<typeof userPatchSchema>) {
  const patch = userPatchSchema.parse(input);
  const existing = await findUserById(id);
  if (!existing) throw notFound("No such user.");
  const losesAdmin = existing.role === "admin" && (patch.role === "viewer" || patch.disabled === true);
  if (losesAdmin && (await countAdmins()) <= 1) throw forbidden("Keep at least one active admin.");
  const { password, ...rest } = patch;
  const user = await updateUser(id, {
    ...rest,
    ...(password ? { passwordHash: await hashPassword(password) } : {}),
  });
  forgetAccount(id);
  await auditUserChange(actor, existing, patch, user.email);
  return user;
}

/** One audit row per kind of change, so role changes, disables and resets can be filtered for. */
async function auditUserChange(
  actor: SessionUser,
  before: { role: string; disabled: boolean; name: string | null },
  patch: z.infer<typeof userPatchSchema>,
  target: string,
) {
  const actorId = actor.id;
  if (patch.role !== undefined && patch.role !== before.role)
    await writeAudit({
      actorId,
      action: "user.role_change",
      target,
      details: { from: before.role, to: patch.role },
    });
  if (patch.disabled !== undefined && patch.disabled !== before.disabled)
    await writeAudit({ actorId, action: patch.disabled ? "user.disable" : "user.enable", target });
  if (patch.password) await writeAudit({ actorId, action: "user.password_reset", target });
  if (patch.name !== undefined && patch.name !== before.name)
    await writeAudit({ actorId, action: "user.update", target, details: { name: patch.name } });
}

export { listUsers };

/** The first admin's login when a real vendor is configured and no ADMIN_EMAIL is set. */
export const FIRST_ADMIN_EMAIL = "admin@price-atlas.local";

/** A one-time password: 144 random bits, shown once, to be replaced at first sign-in. */
export function generatedPassword(): string {
  return randomBytes(18).toString("base64url");
}

/**
 * On first start: the admin from ADMIN_EMAIL/ADMIN_PASSWORD; else, only in the demo with the bundled
 * simulator as the upstream, a demo admin and a demo viewer with the published passwords; else
 * (a real vendor) one admin with a generated password that must be changed at first sign-in.
 * Returns the logins to print once, or nothing.
 */
export async function ensureFirstUsers(): Promise<{ email: string; password: string; role: string }[]> {
  if ((await countUsers()) > 0) return [];
  const { ADMIN_EMAIL, ADMIN_PASSWORD, UPSTREAM_BUNDLED } = env();
  if (ADMIN_EMAIL && ADMIN_PASSWORD) {
    await addUser(null, {
      email: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
      role: "admin",
      name: "Administrator",
    });
    return [{ email: ADMIN_EMAIL, password: "(from ADMIN_PASSWORD)", role: "admin" }];
  }
  if (UPSTREAM_BUNDLED) {
    await addUser(null, { ...DEMO_ADMIN, role: "admin", name: "Demo admin" });
    await addUser(null, { ...DEMO_VIEWER, role: "viewer", name: "Demo viewer" });
    return [
      { ...DEMO_ADMIN, role: "admin" },
      { ...DEMO_VIEWER, role: "viewer" },
    ];
  }
  const password = generatedPassword();
  const user = await createUser({
    email: FIRST_ADMIN_EMAIL,
    name: "Administrator",
    role: "admin",
    passwordHash: await hashPassword(password),
    mustChangePassword: true,
  });
  await writeAudit({
    action: "user.create",
    target: user.email,
    details: { role: "admin", generated: true },
  });
  return [
    {
      email: FIRST_ADMIN_EMAIL,
      password: `${password}  (one-time: choose your own at first sign-in)`,
      role: "admin",
    },
  ];
}
