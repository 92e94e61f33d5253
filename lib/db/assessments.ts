import "server-only";
import { Prisma, type Service } from "@/generated/prisma/client";
import { prisma } from "./client";
import { bumpDataVersion } from "./data-version";
import { afterBulkWrite } from "./maintenance";

// Assessments as the sync engine sees them: the stored catalogue and its variants' sync state.

export type CatalogueRow = Omit<Prisma.AssessmentCreateManyInput, "id" | "replacedById"> & {
  replacedByCode: string | null;
  replacesCode: string | null;
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
          lastFetchedAt: true,
          lastRequestedAt: true,
        },
      },
    },
  });
}
export type AssessmentSyncState = Awaited<ReturnType<typeof assessmentSyncState>>[number];

/**
 * Rows per bulk statement. Prisma's client and its driver adapters each keep the arguments of their
 * last 100 debug calls (every query's, parameters included): small statements keep that small.
 */
const BULK_CHUNK = 100;

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

/** The columns a later Series Info may change: all but the identity and the first sighting. */
const UPDATE_COLUMNS = INSERT_COLUMNS.filter(
  (c) => !["service", "code", "status", "discontinuedAt", "vanishedAt", "lastSeenAt"].includes(c),
);
const setColumns = Prisma.raw(UPDATE_COLUMNS.map((c) => `"${c}" = u."${c}"`).join(", "));
const storedTuple = Prisma.raw(UPDATE_COLUMNS.map((c) => `a."${c}"`).join(", "));
const incomingTuple = Prisma.raw(UPDATE_COLUMNS.map((c) => `u."${c}"`).join(", "));

/**
 * Writes every field of listed catalogue rows that differs from what is stored (the record as
 * received included, so fields the vendor adds are kept), revives vanished ones, and returns the
 * codes that changed. Rows travel as one JSON parameter per 100, as inserts do.
 */
async function updateAssessments(
  rows: Partial<Record<(typeof INSERT_COLUMNS)[number], unknown>>[],
  now: Date,
): Promise<string[]> {
  const changed = await prisma().$queryRaw<{ code: string }[]>`
    UPDATE "Assessment" a SET ${setColumns}, "status" = u."status",
      "discontinuedAt" = CASE WHEN u."status" = 'discontinued' THEN COALESCE(a."discontinuedAt", ${now}::timestamp(3)) END,
      "vanishedAt" = NULL, "lastSeenAt" = ${now}::timestamp(3)
    FROM jsonb_populate_recordset(NULL::"Assessment", ${JSON.stringify(rows)}::jsonb) u
    WHERE a."service" = u."service" AND a."code" = u."code"
      AND (ROW(${storedTuple}, a."status") IS DISTINCT FROM ROW(${incomingTuple}, u."status") OR a."vanishedAt" IS NOT NULL)
    RETURNING a."code"`;
  await afterBulkWrite();
  return changed.map((r) => r.code);
}

/**
 * Stores the catalogue as listed: inserts new codes, updates every changed field of known ones,
 * marks codes no longer listed, links replacements either way (A replaced by B, or B replaces A).
 * Returns the codes that changed.
 */
export async function applyCatalogue(
  service: Service,
  listed: CatalogueRow[],
  storedCodes: ReadonlySet<string>,
  vanishedCodes: string[],
  now: Date,
): Promise<{ created: number; changed: number }> {
  const strip = ({ replacedByCode: _r, replacesCode: _p, discontinued, ...row }: CatalogueRow) => ({
    ...row,
    status: discontinued ? ("discontinued" as const) : ("active" as const),
    discontinuedAt: discontinued ? now : null,
    lastSeenAt: now,
    vanishedAt: null,
  });
  const fresh = listed.filter((r) => !storedCodes.has(r.code));
  const known = listed.filter((r) => storedCodes.has(r.code));
  for (let i = 0; i < fresh.length; i += BULK_CHUNK) {
    await insertAssessments(fresh.slice(i, i + BULK_CHUNK).map(strip));
  }
  let changed = 0;
  for (let i = 0; i < known.length; i += BULK_CHUNK) {
    changed += (await updateAssessments(known.slice(i, i + BULK_CHUNK).map(strip), now)).length;
  }
  if (vanishedCodes.length) {
    await prisma().assessment.updateMany({
      where: { service, code: { in: vanishedCodes }, vanishedAt: null },
      data: { vanishedAt: now },
    });
  }
  const links = listed.flatMap((r) => [
    ...(r.replacedByCode ? [{ from: r.code, to: r.replacedByCode }] : []),
    ...(r.replacesCode ? [{ from: r.replacesCode, to: r.code }] : []),
  ]);
  if (links.length) {
    await prisma().$executeRaw`
      UPDATE "Assessment" a SET "replacedById" = t."id"
      FROM unnest(${links.map((l) => l.from)}::text[], ${links.map((l) => l.to)}::text[]) AS l(source, target)
      JOIN "Assessment" t ON t."service" = ${service}::"Service" AND t."code" = l.target
      WHERE a."service" = ${service}::"Service" AND a."code" = l.source AND a."id" <> t."id"
        AND a."replacedById" IS DISTINCT FROM t."id"`;
  }
  await bumpDataVersion();
  return { created: fresh.length, changed };
}

export function countAssessments() {
  return prisma().assessment.count();
}

/** service → code → dataset, for charging the monthly code quotas (codes of unknown datasets left out). */
export async function codeDatasets(): Promise<Map<string, string>> {
  const rows = await prisma().assessment.findMany({
    where: { dataset: { not: null } },
    select: { service: true, code: true, dataset: true },
  });
  return new Map(rows.map((r) => [`${r.service}|${r.code}`, r.dataset as string]));
}

/** Notes why the sync could not load these codes (or clears the note with null). */
export async function noteSyncIssue(service: Service, codes: string[], issue: string | null, now: Date) {
  for (let i = 0; i < codes.length; i += 1000) {
    await prisma().assessment.updateMany({
      where: { service, code: { in: codes.slice(i, i + 1000) } },
      data: { syncIssue: issue, syncIssueAt: issue ? now : null },
    });
  }
}

/** Assessments still listed that the sync could not load, with the reason (admin overview, API). */
export async function unloadedAssessments(limit: number) {
  const where = { syncIssue: { not: null }, vanishedAt: null };
  const [rows, total] = await Promise.all([
    prisma().assessment.findMany({
      where,
      orderBy: [{ service: "asc" }, { code: "asc" }],
      take: limit,
      select: {
        service: true,
        code: true,
        assessment: true,
        coverage: true,
        dataset: true,
        syncIssue: true,
        syncIssueAt: true,
      },
    }),
    prisma().assessment.count({ where }),
  ]);
  return { rows, total };
}
