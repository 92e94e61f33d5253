import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { prisma } from "./client";

export function writeAudit(entry: {
  actorId?: string | null;
  action: string;
  target?: string;
  details?: Prisma.InputJsonValue;
}) {
  return prisma().auditLog.create({
    data: { ...entry, actorId: entry.actorId ?? null },
    select: { id: true },
  });
}
