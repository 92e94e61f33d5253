import "server-only";
import type { Database } from "./connection";

// Start-up steps that must run once however many instances start at the same moment (migrations,
// the first admin, demo logins). On PostgreSQL they run under one transaction-scoped advisory lock:
// the second instance waits, then finds the work done. The embedded database admits one process.

const STARTUP_LOCK = 72_707_370; // any fixed number shared by every instance of this app

export async function withStartupLock<T>(db: Database, fn: () => Promise<T>): Promise<T> {
  if (db.target.kind !== "postgres") return fn();
  return db.prisma.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT pg_advisory_xact_lock(${STARTUP_LOCK}::bigint)::text AS locked`;
      return fn();
    },
    { timeout: 600_000, maxWait: 600_000 },
  );
}
