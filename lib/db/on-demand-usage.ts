import "server-only";
import { prisma } from "./client";

// What on-demand fetches spent, read from the call ledger (UpstreamCall): codes a user caused since
// a time, and codes of one dataset since a time.

export async function onDemandCodesOfUser(userId: string, since: Date): Promise<number> {
  const rows = await prisma().$queryRaw<{ n: bigint | number | null }[]>`
    SELECT COALESCE(SUM(cardinality(c."codes")), 0) AS n FROM "UpstreamCall" c
    WHERE c."cause" = 'on-demand' AND c."userId" = ${userId} AND c."at" >= ${since} AND c."dataRequests" > 0`;
  return Number(rows[0]?.n ?? 0);
}

/** Codes fetched on demand for a dataset since `since` (null: the assessments whose dataset is not known yet). */
export async function onDemandCodesOfDataset(
  service: string,
  dataset: string | null,
  since: Date,
): Promise<number> {
  const rows = await prisma().$queryRaw<{ n: bigint | number | null }[]>`
    SELECT COUNT(*) AS n FROM "UpstreamCall" c
    CROSS JOIN LATERAL unnest(c."codes") AS u(requested)
    JOIN "Assessment" a ON a."code" = u.requested AND a."service"::text = c."service"::text
    WHERE c."cause" = 'on-demand' AND c."at" >= ${since} AND c."dataRequests" > 0
      AND a."service"::text = ${service} AND a."dataset" IS NOT DISTINCT FROM ${dataset}`;
  return Number(rows[0]?.n ?? 0);
}

export function adminEmails(limit: number) {
  return prisma().user.findMany({
    where: { role: "admin", disabled: false },
    select: { email: true },
    orderBy: { createdAt: "asc" },
    take: limit,
  });
}
