import "server-only";
import { prisma } from "./client";

/** Every active location factor with its latest final value (current vintage). */
export function latestLocationFactors() {
  return prisma().$queryRaw<
    { service: string; code: string; coverage: string; details: string | null; value: number; month: Date }[]
  >`
    SELECT a."service"::text AS service, a."code", a."coverage", a."details", o."value", o."month"
    FROM "Assessment" a
    JOIN "SeriesVariant" v ON v."assessmentId" = a."id" AND v."isDefault"
    JOIN LATERAL (
      SELECT "value", "month" FROM "Observation"
      WHERE "variantId" = v."id" AND "validTo" IS NULL AND "kind" <> 'forecast'
      ORDER BY "month" DESC LIMIT 1
    ) o ON true
    WHERE a."kind" = 'location_factor' AND a."status" = 'active'
    ORDER BY o."value" DESC`;
}
