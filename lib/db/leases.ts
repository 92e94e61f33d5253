import "server-only";
import { prisma } from "./client";

// Named leases shared by every process: taken when free or expired, renewed by the holder,
// released when done. One atomic statement each, so two processes never both hold one.

export async function acquireLease(
  name: string,
  holder: string,
  ttlMs: number,
  now = new Date(),
): Promise<boolean> {
  const until = new Date(now.getTime() + ttlMs);
  const rows = await prisma().$queryRaw<{ holder: string }[]>`
    INSERT INTO "Lease" ("name", "holder", "leaseUntil", "acquiredAt") VALUES (${name}, ${holder}, ${until}, ${now})
    ON CONFLICT ("name") DO UPDATE SET "holder" = ${holder}, "leaseUntil" = ${until}, "acquiredAt" = ${now}
      WHERE "Lease"."leaseUntil" < ${now} OR "Lease"."holder" = ${holder}
    RETURNING "holder"`;
  return rows[0]?.holder === holder;
}

export async function renewLease(
  name: string,
  holder: string,
  ttlMs: number,
  now = new Date(),
): Promise<boolean> {
  const n = await prisma().lease.updateMany({
    where: { name, holder },
    data: { leaseUntil: new Date(now.getTime() + ttlMs) },
  });
  return n.count > 0;
}

export async function releaseLease(name: string, holder: string): Promise<void> {
  await prisma().lease.deleteMany({ where: { name, holder } });
}

export function findLease(name: string) {
  return prisma().lease.findUnique({ where: { name } });
}

/** Takes a lease from a holder known to be dead (same host, process gone). */
export async function takeOverLease(
  name: string,
  deadHolder: string,
  holder: string,
  ttlMs: number,
): Promise<boolean> {
  const n = await prisma().lease.updateMany({
    where: { name, holder: deadHolder },
    data: { holder, leaseUntil: new Date(Date.now() + ttlMs), acquiredAt: new Date() },
  });
  return n.count > 0;
}
