import "server-only";
import { Prisma, type Service } from "@/generated/prisma/client";
import { prisma } from "./client";
import { bumpDataVersion } from "./data-version";
import { afterBulkWrite } from "./maintenance";

// Assessments as the sync engine sees them: the stored catalogue and its variants' sync state.

export type CatalogueRow = Omit<Prisma.AssessmentCreateManyInput, "id" | "replacedById"> & {
  replacedByCode: string | null;
  discontinued: boolean;
};

export function assessmentSyncState(service: Service) {
  return prisma().assessment.findMany({
    where: { service },
    select: {
      id: true,
      code: true,
      status: true,
      dataset: true,
      assessment: true,
      remark2: true,
      upstreamUpdatedAt: true,
      lastAvailableFinal: true,
      seriesHistChanged: true,
      vanishedAt: true,
      defaultCurrency: true,
      defaultUnit: true,
      variants: {
        select: {
          id: true,
          currency: true,
          unit: true,
          isDefault: true,
          currencyId: true,
          unitId: true,
          upstreamUpdatedAt: true,
          lastFinal: true,
          historyLoaded: true,
          lastRequestedAt: true,
        },
      },
    },
  });
}
export type AssessmentSyncState = Awaited<ReturnType<typeof assessmentSyncState>>[number];

const CHUNK = 500;
/**
 * Rows per bulk statement. Prisma's client and its driver adapters each keep the arguments of their
 * last 100 debug calls (every query's, parameters included): small statements keep that small.
 */
const BULK_CHUNK = 100;

/** The monthly case: only the release fields moved. One statement per chunk instead of one per row. */
export async function refreshReleaseFields(
  service: Service,
  rows: {
    code: string;
    upstreamUpdatedAt: Date | null;
    lastAvailableFinal: Date | null;
    seriesHistChanged: boolean;
    raw: unknown;
  }[],
  now: Date,
): Promise<void> {
  for (let i = 0; i < rows.length; i += BULK_CHUNK) {
    const part = rows.slice(i, i + BULK_CHUNK);
    await prisma().$executeRaw`
      UPDATE "Assessment" a SET "upstreamUpdatedAt" = u.upd, "lastAvailableFinal" = u.laf, "seriesHistChanged" = u.shc,
        "raw" = u.raw, "lastSeenAt" = ${now}::timestamp(3)
      FROM unnest(${part.map((r) => r.code)}::text[], ${part.map((r) => r.upstreamUpdatedAt)}::date[],
                  ${part.map((r) => r.lastAvailableFinal)}::date[], ${part.map((r) => r.seriesHistChanged)}::boolean[],
                  ${part.map((r) => JSON.stringify(r.raw))}::jsonb[]) AS u(code, upd, laf, shc, raw)
      WHERE a."service" = ${service}::"Service" AND a."code" = u.code`;
    await afterBulkWrite();
  }
  await bumpDataVersion();
}

/** The columns a catalogue row sets; the others keep their defaults (id, firstSeenAt, replacedById). */
const INSERT_COLUMNS = [
  "service",
  "code",
  "assessment",
  "product",
  "commodity",
  "coverage",
  "location",
  "area",
  "details",
  "specification",
  "availableCurrencies",
  "availableUnits",
  "defaultCurrency",
  "defaultUnit",
  "hasForecast",
  "hasPreliminary",
  "lastAvailableFinal",
  "seriesHistChanged",
  "remark1",
  "remark2",
  "lagMonths",
  "upstreamUpdatedAt",
  "kind",
  "dataset",
  "status",
  "discontinuedAt",
  "vanishedAt",
  "lastSeenAt",
  "searchText",
  "raw",
] as const satisfies readonly (keyof Prisma.AssessmentCreateManyInput)[];
const insertColumns = Prisma.raw(INSERT_COLUMNS.map((c) => `"${c}"`).join(", "));

/**
 * Inserts new catalogue rows, skipping codes already stored. The rows travel as one JSON parameter:
 * a `createMany` of the same rows is a statement of 30 parameters per row that Prisma's query
 * compiler builds anew for every chunk (a third of the first sync's CPU time went there).
 */
async function insertAssessments(
  rows: Partial<Record<(typeof INSERT_COLUMNS)[number], unknown>>[],
): Promise<void> {
  await prisma().$executeRaw`
    INSERT INTO "Assessment" (${insertColumns})
    SELECT ${insertColumns} FROM jsonb_populate_recordset(NULL::"Assessment", ${JSON.stringify(rows)}::jsonb)
    ON CONFLICT ("service", "code") DO NOTHING`;
  await afterBulkWrite();
}

/** Stores new and changed catalogue rows, marks vanished codes, links replacements. */
export async function applyCatalogue(
  service: Service,
  fresh: CatalogueRow[],
  changed: CatalogueRow[],
  vanishedCodes: string[],
  now: Date,
): Promise<void> {
  const strip = ({ replacedByCode: _r, discontinued, ...row }: CatalogueRow) => ({
    ...row,
    status: discontinued ? ("discontinued" as const) : ("active" as const),
    discontinuedAt: discontinued ? now : null,
    lastSeenAt: now,
    vanishedAt: null,
  });
  for (let i = 0; i < fresh.length; i += BULK_CHUNK) {
    await insertAssessments(fresh.slice(i, i + BULK_CHUNK).map(strip));
  }
  for (let i = 0; i < changed.length; i += CHUNK) {
    await prisma().$transaction(
      changed.slice(i, i + CHUNK).map((row) => {
        const { discontinuedAt: _d, ...data } = strip(row);
        return prisma().assessment.update({
          where: { service_code: { service, code: row.code } },
          // discontinuedAt keeps the first sighting (set below); a revived series clears it
          data: row.discontinued ? data : { ...data, discontinuedAt: null },
        });
      }),
    );
  }
  // Keep the first date a series was seen discontinued.
  await prisma().assessment.updateMany({
    where: { service, status: "discontinued", discontinuedAt: null },
    data: { discontinuedAt: now },
  });
  if (vanishedCodes.length) {
    await prisma().assessment.updateMany({
      where: { service, code: { in: vanishedCodes }, vanishedAt: null },
      data: { vanishedAt: now },
    });
  }
  const replacements = [...fresh, ...changed].filter((r) => r.replacedByCode);
  for (const row of replacements) {
    const target = await prisma().assessment.findUnique({
      where: { service_code: { service, code: row.replacedByCode as string } },
      select: { id: true },
    });
    if (target)
      await prisma().assessment.update({
        where: { service_code: { service, code: row.code } },
        data: { replacedById: target.id },
      });
  }
  await bumpDataVersion();
}

export function countAssessments() {
  return prisma().assessment.count();
}

/** service → code → dataset, for charging the monthly code quotas. */
export async function codeDatasets(): Promise<Map<string, string>> {
  const rows = await prisma().assessment.findMany({ select: { service: true, code: true, dataset: true } });
  return new Map(rows.map((r) => [`${r.service}|${r.code}`, r.dataset]));
}
