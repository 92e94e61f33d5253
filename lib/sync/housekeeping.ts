import "server-only";
import { randomUUID } from "node:crypto";
import { pruneAudit } from "@/lib/db/audit";
import { acquireLease } from "@/lib/db/leases";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";

// Daily chores of the scheduler: prune the audit log past its retention (AUDIT_RETENTION_DAYS).
// The lease is taken for a day by a one-off holder and never released, so however many instances
// tick, the pruning happens once a day.

const LEASE = "housekeeping:audit-retention";
const DAY_MS = 86_400_000;

/** Prunes when this instance wins today's lease; returns the rows removed, or null when it did not. */
export async function pruneAuditOnceADay(now = new Date()): Promise<number | null> {
  if (!(await acquireLease(LEASE, `prune:${randomUUID()}`, DAY_MS, now))) return null;
  const before = new Date(now.getTime() - env().AUDIT_RETENTION_DAYS * DAY_MS);
  const pruned = await pruneAudit(before);
  if (pruned) logger().info({ pruned, before: before.toISOString() }, "audit log pruned");
  return pruned;
}

/** Every chore, failures logged and never thrown (the scheduler's tick carries on). */
export async function housekeeping(now = new Date()): Promise<void> {
  await pruneAuditOnceADay(now).catch((error: unknown) =>
    logger().error({ err: error instanceof Error ? error.message : String(error) }, "audit pruning failed"),
  );
}
