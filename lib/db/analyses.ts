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

/** Default renderings that have ever had forecasts (`since`: their first forecast month), with names. */
export function forecastVariants(filter: AccuracyFilter) {
  const where = [
    Prisma.sql`v."isDefault"`,
    ...(filter.service ? [Prisma.sql`a."service" = ${filter.service}::"Service"`] : []),
    ...(filter.commodity ? [Prisma.sql`a."commodity" = ${filter.commodity}`] : []),
    ...(filter.country ? [Prisma.sql`a."coverage" = ${filter.country}`] : []),
  ];
  return prisma().$queryRaw<
    {
      variantId: number;
      since: Date;
      service: string;
      code: string;
      assessment: string;
      commodity: string;
      coverage: string;
    }[]
  >`
    SELECT v."id" AS "variantId", f.since, a."service"::text AS service, a."code", a."assessment", a."commodity",
           a."coverage"
    FROM "SeriesVariant" v JOIN "Assessment" a ON a."id" = v."assessmentId"
    JOIN (SELECT "variantId", min("month") AS since FROM "Observation" WHERE "kind" = 'forecast' GROUP BY 1) f
      ON f."variantId" = v."id"
    WHERE ${Prisma.join(where, " AND ")}
    ORDER BY a."service", a."code"`;
}

/**
 * What forecast accuracy needs of some variants: their forecast rows of every vintage and their
 * rows from the month before their first forecast on (older history plays no part).
 */
export async function forecastRowsOf(
  variants: { variantId: number; since: Date }[],
): Promise<Map<number, StoredRow[]>> {
  // Numbers rather than dates and strings: hundreds of thousands of rows pass here.
  const rows = await prisma().$queryRaw<
    { i: number; m: number; k: StoredRow["kind"]; x: number; f: number; t: number | null }[]
  >`
    SELECT o."variantId" AS i, (extract(year FROM o."month") * 12 + extract(month FROM o."month") - 1)::int AS m,
           o."kind"::text AS k, o."value" AS x, round(extract(epoch FROM o."validFrom") * 1000)::float8 AS f,
           round(extract(epoch FROM o."validTo") * 1000)::float8 AS t
    FROM unnest(${variants.map((v) => v.variantId)}::int[], ${variants.map((v) => v.since)}::date[]) AS f(v, since)
    JOIN "Observation" o ON o."variantId" = f.v AND o."month" >= (f.since - interval '1 month')::date
    ORDER BY o."variantId", o."month", o."validFrom"`;
  const iso = new Map<number, string>();
  const instant = (ms: number) => {
    let s = iso.get(ms);
    if (!s) {
      s = new Date(ms).toISOString();
      iso.set(ms, s);
    }
    return s;
  };
  const out = new Map<number, StoredRow[]>();
  for (const r of rows) {
    const list = out.get(r.i) ?? [];
    list.push({
      month: `${Math.floor(r.m / 12)}-${String((r.m % 12) + 1).padStart(2, "0")}`,
      kind: r.k,
      value: r.x,
      validFrom: instant(r.f),
      validTo: r.t === null ? null : instant(r.t),
    });
    out.set(r.i, list);
  }
  return out;
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
