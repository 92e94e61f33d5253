import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { LedgerTrigger } from "@/lib/domain/ledger";
import { prisma } from "./client";

// Reading the upstream call ledger (the client writes it: lib/db/upstream-usage.ts): one page of
// calls under filters, and the totals of everything the filters match.

export type LedgerFilter = {
  from?: Date;
  to?: Date;
  operation?: Prisma.UpstreamCallWhereInput["operation"];
  service?: "industry_economics" | "energy_price";
  outcome?: string;
  trigger?: LedgerTrigger;
  userId?: string;
  syncRunId?: string;
};

function ledgerWhere(f: LedgerFilter): Prisma.UpstreamCallWhereInput {
  const and: Prisma.UpstreamCallWhereInput[] = [];
  if (f.from || f.to) and.push({ at: { ...(f.from ? { gte: f.from } : {}), ...(f.to ? { lt: f.to } : {}) } });
  if (f.operation) and.push({ operation: f.operation });
  if (f.service) and.push({ service: f.service });
  if (f.outcome) and.push({ outcome: f.outcome });
  if (f.userId) and.push({ userId: f.userId });
  if (f.syncRunId) and.push({ syncRunId: f.syncRunId });
  // A sync's calls carry its run; an on-demand fetch says so in its cause; the rest (data-limits
  // polls, demo replays, token refreshes outside a run) are "other".
  if (f.trigger === "sync") and.push({ syncRunId: { not: null } });
  if (f.trigger === "on-demand") and.push({ syncRunId: null, cause: "on-demand" });
  if (f.trigger === "other") and.push({ syncRunId: null, NOT: { cause: "on-demand" } });
  return and.length ? { AND: and } : {};
}

/** One page, newest first, with the calls and data requests of the whole filtered set. */
export async function listLedger(f: LedgerFilter, skip: number, take: number) {
  const where = ledgerWhere(f);
  const [rows, totals] = await Promise.all([
    prisma().upstreamCall.findMany({
      where,
      orderBy: [{ at: "desc" }, { id: "desc" }],
      skip,
      take,
      omit: { sandbox: true },
    }),
    prisma().upstreamCall.aggregate({ where, _count: { _all: true }, _sum: { dataRequests: true } }),
  ]);
  return { rows, calls: totals._count._all, dataRequests: totals._sum.dataRequests ?? 0 };
}
