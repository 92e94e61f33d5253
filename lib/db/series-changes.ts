import "server-only";
import { prisma } from "./client";

// What happened to series between two instants, read from the bitemporal observations and the
// catalogue after a sync run (the run's hot path is not touched). Only default variants count, so
// a series rendered in three currencies is one change. A variant with nothing stored before the
// window is a first load, not news.

export type SeriesChangeRow = {
  assessmentId: number;
  month: Date;
  change: "new_data" | "revised";
};

/** New final months (past the variant's newest before) and revised finals (a new value closed an old one). */
export function observationChanges(since: Date, until: Date) {
  return prisma().$queryRaw<SeriesChangeRow[]>`
    WITH fresh AS (
      SELECT o."variantId", o."month", o."validFrom", o."value"
      FROM "Observation" o JOIN "SeriesVariant" v ON v."id" = o."variantId" AND v."isDefault"
      WHERE o."fetchedAt" > ${since} AND o."fetchedAt" <= ${until} AND o."kind" <> 'forecast'
    ), earlier AS (
      SELECT o."variantId", max(o."month") AS "last" FROM "Observation" o
      WHERE o."variantId" IN (SELECT DISTINCT "variantId" FROM fresh)
        AND o."fetchedAt" <= ${since} AND o."kind" <> 'forecast'
      GROUP BY 1
    )
    SELECT v."assessmentId", f."month",
      CASE WHEN f."month" > e."last" THEN 'new_data' ELSE 'revised' END AS "change"
    FROM fresh f
    JOIN earlier e ON e."variantId" = f."variantId"
    JOIN "SeriesVariant" v ON v."id" = f."variantId"
    WHERE f."month" > e."last" OR EXISTS (
      SELECT 1 FROM "Observation" p
      WHERE p."variantId" = f."variantId" AND p."month" = f."month" AND p."validTo" = f."validFrom"
        AND p."kind" <> 'forecast' AND p."value" <> f."value")
    ORDER BY 1, 2`;
}

/** Assessments discontinued in the window, with their replacement when known. */
export function discontinuedBetween(since: Date, until: Date) {
  return prisma().assessment.findMany({
    where: { status: "discontinued", discontinuedAt: { gt: since, lte: until } },
    select: { id: true, replacedBy: { select: { service: true, code: true, assessment: true } } },
  });
}

export function assessmentRefs(ids: number[]) {
  return prisma().assessment.findMany({
    where: { id: { in: ids } },
    select: { id: true, service: true, code: true, assessment: true },
  });
}

export type ListWatcher = {
  userId: string;
  email: string;
  listId: string;
  assessmentId: number;
  wantsEmail: boolean;
  wantsWebhook: boolean;
};

/** Who watches these assessments: owners of the lists holding them, and everyone for shared lists. */
export function listWatchers(assessmentIds: number[]) {
  if (assessmentIds.length === 0) return Promise.resolve([] as ListWatcher[]);
  return prisma().$queryRaw<ListWatcher[]>`
    SELECT u."id" AS "userId", u."email", l."id" AS "listId", i."assessmentId",
      COALESCE(p."email", false) AS "wantsEmail", COALESCE(p."webhook", false) AS "wantsWebhook"
    FROM "BookmarkItem" i
    JOIN "BookmarkList" l ON l."id" = i."listId"
    JOIN "User" u ON (u."id" = l."ownerId" OR l."shared") AND NOT u."disabled"
    LEFT JOIN "NotificationPreference" p ON p."userId" = u."id" AND p."listId" = l."id"
    WHERE i."assessmentId" = ANY(${assessmentIds}::int[])`;
}

/** The newest publication date the vendor gave any series (its updated_at): the latest release. */
export async function latestPublication(): Promise<Date | null> {
  const row = await prisma().assessment.aggregate({ _max: { upstreamUpdatedAt: true } });
  return row._max.upstreamUpdatedAt;
}
