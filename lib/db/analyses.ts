import "server-only";
import { Prisma, type Service } from "@/generated/prisma/client";
import { prisma } from "./client";

// Reads behind the analyses (location factors, estimates, vintages, forecast accuracy): all from
// the stored series, never the vendor. Months come back as YYYY-MM, instants as ISO strings.

export type FactorRow = {
  service: string;
  code: string;
  coverage: string;
  details: string | null;
  status: string;
  month: string;
  value: number;
};

/** Every location factor's finals (default rendering) as published at `asOf` (or now). */
export function locationFactorRows(asOf?: Date) {
  const valid = asOf
    ? Prisma.sql`o."validFrom" <= ${asOf} AND (o."validTo" IS NULL OR o."validTo" > ${asOf})`
    : Prisma.sql`o."validTo" IS NULL`;
  return prisma().$queryRaw<FactorRow[]>`
    SELECT a."service"::text AS service, a."code", a."coverage", a."details", a."status"::text AS status,
           to_char(o."month", 'YYYY-MM') AS month, o."value"
    FROM "Assessment" a
    JOIN "SeriesVariant" v ON v."assessmentId" = a."id" AND v."isDefault"
    JOIN "Observation" o ON o."variantId" = v."id"
    WHERE a."kind" = 'location_factor' AND o."kind" <> 'forecast' AND ${valid}
    ORDER BY a."code", o."month"`;
}

/** Cost indices in the catalogue (any status), with the code each discontinued one is replaced by. */
export function costIndexList() {
  return prisma().assessment.findMany({
    where: { kind: "cost_index" },
    select: {
      id: true,
      service: true,
      code: true,
      assessment: true,
      coverage: true,
      specification: true,
      status: true,
      replacedById: true,
    },
    orderBy: [{ coverage: "asc" }, { specification: "asc" }, { code: "asc" }],
  });
}

export type StoredRow = {
  month: string;
  kind: "final" | "preliminary" | "forecast";
  value: number;
  validFrom: string;
  validTo: string | null;
};

/** Every row ever stored for the default rendering of one assessment, closed ones included. */
export async function allRowsOf(service: Service, code: string): Promise<StoredRow[]> {
  const rows = await prisma().$queryRaw<
    { month: string; kind: StoredRow["kind"]; value: number; validFrom: Date; validTo: Date | null }[]
  >`
    SELECT to_char(o."month", 'YYYY-MM') AS month, o."kind"::text AS kind, o."value", o."validFrom", o."validTo"
    FROM "Assessment" a
    JOIN "SeriesVariant" v ON v."assessmentId" = a."id" AND v."isDefault"
    JOIN "Observation" o ON o."variantId" = v."id"
    WHERE a."service" = ${service}::"Service" AND a."code" = ${code}
    ORDER BY o."month", o."validFrom"`;
  return rows.map((r) => ({
    month: r.month,
    kind: r.kind,
    value: r.value,
    validFrom: r.validFrom.toISOString(),
    validTo: r.validTo?.toISOString() ?? null,
  }));
}

export type AccuracyFilter = { service?: Service; commodity?: string; country?: string };
export type AccuracyRow = StoredRow & {
  service: string;
  code: string;
  assessment: string;
  commodity: string;
  coverage: string;
};

/**
 * For every series that has ever had forecasts (default rendering): its forecast rows of every
 * vintage and its rows from the month before its first forecast on — what forecast accuracy needs.
 */
export async function forecastRows(filter: AccuracyFilter): Promise<AccuracyRow[]> {
  const where = [
    Prisma.sql`true`,
    ...(filter.service ? [Prisma.sql`a."service" = ${filter.service}::"Service"`] : []),
    ...(filter.commodity ? [Prisma.sql`a."commodity" = ${filter.commodity}`] : []),
    ...(filter.country ? [Prisma.sql`a."coverage" = ${filter.country}`] : []),
  ];
  const rows = await prisma().$queryRaw<
    (Omit<AccuracyRow, "validFrom" | "validTo"> & { validFrom: Date; validTo: Date | null })[]
  >`
    WITH fc AS (
      SELECT o."variantId", min(o."month") AS since
      FROM "Observation" o JOIN "SeriesVariant" v ON v."id" = o."variantId" AND v."isDefault"
      WHERE o."kind" = 'forecast' GROUP BY 1
    )
    SELECT a."service"::text AS service, a."code", a."assessment", a."commodity", a."coverage",
           to_char(o."month", 'YYYY-MM') AS month, o."kind"::text AS kind, o."value", o."validFrom", o."validTo"
    FROM fc
    JOIN "SeriesVariant" v ON v."id" = fc."variantId"
    JOIN "Assessment" a ON a."id" = v."assessmentId"
    JOIN "Observation" o ON o."variantId" = fc."variantId" AND o."month" >= (fc.since - interval '1 month')
    WHERE ${Prisma.join(where, " AND ")}
    ORDER BY a."service", a."code", o."month", o."validFrom"`;
  return rows.map((r) => ({
    ...r,
    validFrom: r.validFrom.toISOString(),
    validTo: r.validTo?.toISOString() ?? null,
  }));
}

/**
 * Exchange rates the stored data implies: the same assessment and unit stored in `from` and in
 * another currency, both final at the same month (the latest not after `month`); one per currency.
 */
export function exchangeQuotes(from: string, month: Date) {
  return prisma().$queryRaw<
    { to: string; service: string; code: string; month: string; base: number; quote: number }[]
  >`
    SELECT DISTINCT ON (v2."currency") v2."currency" AS "to", a."service"::text AS service, a."code", to_char(o1."month", 'YYYY-MM') AS month,
           o1."value" AS base, o2."value" AS quote
    FROM "SeriesVariant" v1
    JOIN "SeriesVariant" v2 ON v2."assessmentId" = v1."assessmentId" AND v2."unit" = v1."unit"
      AND v2."currency" <> v1."currency"
    JOIN "Assessment" a ON a."id" = v1."assessmentId"
    JOIN "Observation" o1 ON o1."variantId" = v1."id" AND o1."validTo" IS NULL AND o1."kind" <> 'forecast'
      AND o1."month" <= ${month}::date
    JOIN "Observation" o2 ON o2."variantId" = v2."id" AND o2."validTo" IS NULL AND o2."kind" <> 'forecast'
      AND o2."month" = o1."month"
    WHERE v1."currency" = ${from} AND o1."value" <> 0
    ORDER BY v2."currency", o1."month" DESC, a."code"`;
}
