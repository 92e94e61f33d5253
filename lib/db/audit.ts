import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { type AuditAction, scrubAuditDetails } from "@/lib/domain/audit";
import { prisma } from "./client";

// The audit log: who did what to whom, and when. Details never hold a secret (scrubbed here, the
// one writer), and rows older than the retention are pruned by the housekeeping job.

export function writeAudit(entry: {
  actorId?: string | null;
  action: AuditAction;
  target?: string;
  details?: Record<string, unknown>;
}) {
  return prisma().auditLog.create({
    data: {
      action: entry.action,
      target: entry.target,
      actorId: entry.actorId ?? null,
      details: entry.details ? (scrubAuditDetails(entry.details) as Prisma.InputJsonValue) : undefined,
    },
    select: { id: true },
  });
}

export type AuditFilter = {
  action?: string;
  actorId?: string;
  from?: Date;
  to?: Date;
};

function auditWhere(f: AuditFilter): Prisma.AuditLogWhereInput {
  return {
    ...(f.action ? { action: f.action } : {}),
    ...(f.actorId ? { actorId: f.actorId } : {}),
    ...(f.from || f.to ? { at: { ...(f.from ? { gte: f.from } : {}), ...(f.to ? { lt: f.to } : {}) } } : {}),
  };
}

/** One page of the log, newest first, and how many rows match. */
export async function listAudit(f: AuditFilter, skip: number, take: number) {
  const where = auditWhere(f);
  const [rows, total] = await Promise.all([
    prisma().auditLog.findMany({ where, orderBy: [{ at: "desc" }, { id: "desc" }], skip, take }),
    prisma().auditLog.count({ where }),
  ]);
  return { rows, total };
}

/** Deletes rows older than `before`; returns how many went. */
export async function pruneAudit(before: Date): Promise<number> {
  const { count } = await prisma().auditLog.deleteMany({ where: { at: { lt: before } } });
  return count;
}
