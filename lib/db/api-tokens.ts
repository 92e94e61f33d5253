import "server-only";
import { prisma } from "./client";

export function findTokenByHash(tokenHash: string) {
  return prisma().apiToken.findUnique({
    where: { tokenHash },
    include: { user: { select: { id: true, email: true, name: true, role: true, disabled: true } } },
  });
}

export function touchToken(id: string, at: Date) {
  return prisma().apiToken.update({ where: { id }, data: { lastUsedAt: at }, select: { id: true } });
}

export function createToken(data: {
  userId: string;
  name: string;
  prefix: string;
  tokenHash: string;
  expiresAt: Date | null;
  scopes: string[];
}) {
  return prisma().apiToken.create({
    data,
    select: { id: true, name: true, prefix: true, createdAt: true, expiresAt: true, scopes: true },
  });
}

export function listTokens(userId: string) {
  return prisma().apiToken.findMany({
    where: { userId, revokedAt: null },
    select: {
      id: true,
      name: true,
      prefix: true,
      createdAt: true,
      lastUsedAt: true,
      expiresAt: true,
      scopes: true,
    },
    orderBy: { createdAt: "desc" },
  });
}

export function revokeToken(userId: string, id: string, at: Date) {
  return prisma().apiToken.updateMany({ where: { id, userId, revokedAt: null }, data: { revokedAt: at } });
}
