import "server-only";
import { z } from "zod";
import { listAudit } from "@/lib/db/audit";
import { emailsById } from "@/lib/db/users";
import { AUDIT_ACTIONS } from "@/lib/domain/audit";
import { instantField, pageField, untilField, userIdOf } from "./admin-query";

// Reading the audit log (admins): filtered by action, actor and time, newest first.

export const auditQuerySchema = z
  .object({
    action: z.enum(AUDIT_ACTIONS).optional(),
    /** the account (email or id) that acted */
    actor: z.string().trim().min(1).max(200).optional(),
    from: instantField.optional(),
    to: untilField.optional(),
    page: pageField,
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export type AuditRow = {
  id: string;
  at: string;
  action: string;
  actor: string | null;
  target: string | null;
  details: unknown;
};

export async function auditPage(q: AuditQuery) {
  const { page, pageSize, actor, ...filters } = q;
  const { rows, total } = await listAudit(
    { ...filters, actorId: await userIdOf(actor) },
    (page - 1) * pageSize,
    pageSize,
  );
  const emails = await emailsById([...new Set(rows.flatMap((r) => (r.actorId ? [r.actorId] : [])))]);
  const items: AuditRow[] = rows.map((r) => ({
    id: String(r.id),
    at: r.at.toISOString(),
    action: r.action,
    actor: r.actorId ? (emails.get(r.actorId) ?? r.actorId) : null,
    target: r.target,
    details: r.details ?? null,
  }));
  return { items, total, page, pageSize };
}
