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
} as const;

export function findUserByEmail(email: string) {
  return prisma().user.findUnique({ where: { email: email.toLowerCase() } });
}

export function findUserById(id: string) {
  return prisma().user.findUnique({ where: { id }, select: publicFields });
}

export function countUsers() {
  return prisma().user.count();
}

export function createUser(data: { email: string; name?: string | null; passwordHash: string; role: Role }) {
  return prisma().user.create({ data: { ...data, email: data.email.toLowerCase() }, select: publicFields });
}

export function updateUser(
  id: string,
  data: { name?: string | null; role?: Role; disabled?: boolean; passwordHash?: string },
) {
  return prisma().user.update({ where: { id }, data, select: publicFields });
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
