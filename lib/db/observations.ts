import "server-only";
import { type ObservationKind, Prisma, type Service } from "@/generated/prisma/client";
import { prisma } from "./client";

// Writes one fetched batch in one transaction: variants, the bitemporal observation changes, the
// variants' sync state and the batch's "done" mark — all or nothing, so a crash or a bad record
// never leaves half a batch behind.

export type OpenObservation = { month: Date; validFrom: Date; kind: ObservationKind; value: number };
export type ObservationChanges = {
  close: { month: Date; validFrom: Date }[];
  insert: { month: Date; validFrom: Date; kind: ObservationKind; value: number }[];
  validTo: Date;
};

export type FetchedRecord = {
  code: string;
  currency: string;
  unit: string;
  isDefault: boolean;
  currencyId: number | null;
  unitId: number | null;
  updatedAt: Date | null;
  lastFinal: Date | null;
  fullHistory: boolean;
  /** computes the changes from the rows valid now (lib/sync/vintages) */
  changes(open: OpenObservation[], hasPreliminary: boolean): ObservationChanges;
};

export type BatchTarget = { runId: string; batchId: string } | null;

export async function storeFetchedRecords(
  service: Service,
  records: FetchedRecord[],
  fetchedAt: Date,
  target: BatchTarget,
): Promise<{ observations: number; unknownCodes: string[] }> {
  return prisma().$transaction(
    async (tx) => {
      const assessments = await tx.assessment.findMany({
        where: { service, code: { in: records.map((r) => r.code) } },
        select: { id: true, code: true, hasPreliminary: true },
      });
      const byCode = new Map(assessments.map((a) => [a.code, a]));
      const unknownCodes: string[] = [];
      let observations = 0;
      const inserts: Prisma.ObservationCreateManyInput[] = [];
      for (const record of records) {
        const assessment = byCode.get(record.code);
        if (!assessment) {
          unknownCodes.push(record.code);
          continue;
        }
        const variant = await tx.seriesVariant.upsert({
          where: {
            assessmentId_currency_unit: {
              assessmentId: assessment.id,
              currency: record.currency,
              unit: record.unit,
            },
          },
          create: {
            assessmentId: assessment.id,
            currency: record.currency,
            unit: record.unit,
            isDefault: record.isDefault,
            currencyId: record.isDefault ? null : record.currencyId,
            unitId: record.isDefault ? null : record.unitId,
          },
          update: record.isDefault ? { isDefault: true } : {},
        });
        const open = await tx.observation.findMany({
          where: { variantId: variant.id, validTo: null },
          select: { month: true, validFrom: true, kind: true, value: true },
        });
        const changes = record.changes(open, assessment.hasPreliminary);
        if (changes.close.length) {
          await tx.observation.updateMany({
            where: { variantId: variant.id, validTo: null, month: { in: changes.close.map((c) => c.month) } },
            data: { validTo: changes.validTo },
          });
        }
        for (const row of changes.insert) inserts.push({ ...row, variantId: variant.id, fetchedAt });
        observations += changes.insert.length;
        await tx.seriesVariant.update({
          where: { id: variant.id },
          data: {
            upstreamUpdatedAt: record.updatedAt,
            lastFinal: record.lastFinal,
            lastFetchedAt: fetchedAt,
            ...(record.fullHistory ? { historyLoaded: true } : {}),
          },
        });
      }
      // One statement with array parameters: far faster than a multi-row insert, on PGlite above all.
      if (inserts.length) {
        await tx.$executeRaw`
          INSERT INTO "Observation" ("variantId", "month", "validFrom", "validTo", "kind", "value", "fetchedAt")
          SELECT v, m, f, NULL, k::"ObservationKind", x, ${fetchedAt}::timestamp(3)
          FROM unnest(${inserts.map((r) => r.variantId)}::int[], ${inserts.map((r) => r.month)}::date[],
                      ${inserts.map((r) => r.validFrom)}::timestamp(3)[], ${inserts.map((r) => r.kind)}::text[],
                      ${inserts.map((r) => r.value)}::float8[]) AS t(v, m, f, k, x)`;
      }
      if (target) {
        await tx.syncBatch.update({
          where: { id: target.batchId },
          data: { status: "done", observations, response: Prisma.DbNull, finishedAt: new Date() },
        });
        await tx.syncRun.update({
          where: { id: target.runId },
          data: {
            observations: { increment: observations },
            batchesDone: { increment: 1 },
            heartbeatAt: new Date(),
          },
        });
      }
      return { observations, unknownCodes };
    },
    { timeout: 120_000, maxWait: 60_000 },
  );
}

export function countObservations() {
  return prisma().observation.count();
}
