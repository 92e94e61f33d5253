import "server-only";
import type { Role } from "@/lib/domain/roles";
import { prisma } from "./client";

const publicFields = {
  id: true,
  email: true,
  name: true,
  role: true,
  disabled: true,
  createdAt: true,
  lastLoginAt: true,
  mustChangePassword: true,
} as const;

export function findUserByEmail(email: string) {
  return prisma().user.findUnique({ where: { email: email.toLowerCase() } });
}

export function findUserById(id: string) {
  return prisma().user.findUnique({ where: { id }, select: { ...publicFields, sessionVersion: true } });
}

/** The password hash, for checking the current password before a change. */
export function findPasswordHash(id: string) {
  return prisma().user.findUnique({ where: { id }, select: { passwordHash: true, email: true } });
}

/** A new password; every session issued before it stops working. */
export function setPassword(id: string, passwordHash: string, mustChangePassword = false) {
  return prisma().user.update({
    where: { id },
    data: { passwordHash, mustChangePassword, sessionVersion: { increment: 1 } },
    select: publicFields,
  });
}

/** Ends every session of the user ("sign out everywhere"). */
export function endSessions(id: string) {
  return prisma().user.update({
    where: { id },
    data: { sessionVersion: { increment: 1 } },
    select: { id: true },
  });
}

export function countUsers() {
  return prisma().user.count();
}

export function createUser(data: {
  email: string;
  name?: string | null;
  passwordHash: string;
  role: Role;
  mustChangePassword?: boolean;
}) {
  return prisma().user.create({ data: { ...data, email: data.email.toLowerCase() }, select: publicFields });
}

export function updateUser(
  id: string,
  data: { name?: string | null; role?: Role; disabled?: boolean; passwordHash?: string },
) {
  // A new password (set by an admin) ends the user's sessions, as their own change does.
  const sessions = data.passwordHash ? { sessionVersion: { increment: 1 } } : {};
  return prisma().user.update({ where: { id }, data: { ...data, ...sessions }, select: publicFields });
}

export function listUsers() {
  return prisma().user.findMany({ select: publicFields, orderBy: { email: "asc" } });
}

export function countAdmins() {
  return prisma().user.count({ where: { role: "admin", disabled: false } });
}

export function recordLogin(id: string, at: Date) {
  return prisma().user.update({ where: { id }, data: { lastLoginAt: at }, select: { id: true } });
}

/** Emails of the given accounts, by id (for logs that store ids). */
export async function emailsById(ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await prisma().user.findMany({
    where: { id: { in: ids } },
    select: { id: true, email: true },
  });
  return new Map(rows.map((r) => [r.id, r.email]));
}
