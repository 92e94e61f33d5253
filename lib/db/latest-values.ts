import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { prisma } from "./client";

// The newest final value of each assessment's default rendering, the one before it, and what the
// newest value was when the user last opened the series (a bitemporal read at that instant).

export type LatestValue = {
  assessmentId: number;
  currency: string;
  unit: string;
  month: Date | null;
  value: number | null;
  previous: number | null;
  seenAt: Date | null;
  seenMonth: Date | null;
  seenValue: number | null;
};

export function latestValues(userId: string, assessmentIds: number[]): Promise<LatestValue[]> {
  if (!assessmentIds.length) return Promise.resolve([]);
  const finals = Prisma.sql`o."variantId" = v."id" AND o."kind" = 'final'`;
  return prisma().$queryRaw<LatestValue[]>(Prisma.sql`
    SELECT v."assessmentId", v."currency", v."unit", latest."month", latest."value",
      previous."value" AS "previous", visit."lastViewedAt" AS "seenAt",
      seen."month" AS "seenMonth", seen."value" AS "seenValue"
    FROM "SeriesVariant" v
    LEFT JOIN "SeriesVisit" visit ON visit."assessmentId" = v."assessmentId" AND visit."userId" = ${userId}
    LEFT JOIN LATERAL (SELECT o."month", o."value" FROM "Observation" o
      WHERE ${finals} AND o."validTo" IS NULL ORDER BY o."month" DESC LIMIT 1) latest ON TRUE
    LEFT JOIN LATERAL (SELECT o."value" FROM "Observation" o
      WHERE ${finals} AND o."validTo" IS NULL AND o."month" < latest."month"
      ORDER BY o."month" DESC LIMIT 1) previous ON TRUE
    LEFT JOIN LATERAL (SELECT o."month", o."value" FROM "Observation" o
      WHERE ${finals} AND visit."lastViewedAt" IS NOT NULL AND o."validFrom" <= visit."lastViewedAt"
        AND (o."validTo" IS NULL OR o."validTo" > visit."lastViewedAt")
      ORDER BY o."month" DESC LIMIT 1) seen ON TRUE
    WHERE v."isDefault" AND v."assessmentId" IN (${Prisma.join(assessmentIds)})`);
}

/** The series the user opened last, newest first. */
export function recentVisits(userId: string, take: number) {
  return prisma().seriesVisit.findMany({
    where: { userId },
    orderBy: { lastViewedAt: "desc" },
    take,
    select: {
      lastViewedAt: true,
      assessment: { select: { id: true, service: true, code: true, assessment: true, status: true } },
    },
  });
}
