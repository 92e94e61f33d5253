import "server-only";
import { type ObservationKind, Prisma, type Service } from "@/generated/prisma/client";
import { prisma } from "./client";
import { bumpDataVersion } from "./data-version";
import { afterBulkWrite } from "./maintenance";

// Writes one fetched batch in one transaction: variants, the bitemporal observation changes, the
// variants' sync state and the batch's "done" mark — all or nothing, so a crash or a bad record
// never leaves half a batch behind. Set-based: a handful of statements per batch, whatever its size.

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
  /** the oldest month the record carries: rows before it are not touched */
  firstMonth: Date | null;
  /** computes the changes from the rows valid now (lib/sync/vintages) */
  changes(open: OpenObservation[], hasPreliminary: boolean): ObservationChanges;
};

export type BatchTarget = { runId: string; batchId: string } | null;

const variantKey = (assessmentId: number, currency: string, unit: string) =>
  `${assessmentId}\u0000${currency}\u0000${unit}`;

export async function storeFetchedRecords(
  service: Service,
  records: FetchedRecord[],
  fetchedAt: Date,
  target: BatchTarget,
): Promise<{ observations: number; unknownCodes: string[] }> {
  const result = await writeRecords(service, records, fetchedAt, target);
  await afterBulkWrite();
  await bumpDataVersion();
  return result;
}

function writeRecords(service: Service, records: FetchedRecord[], fetchedAt: Date, target: BatchTarget) {
  return prisma().$transaction(
    async (tx) => {
      const assessments = await tx.assessment.findMany({
        where: { service, code: { in: records.map((r) => r.code) } },
        select: { id: true, code: true, hasPreliminary: true },
      });
      const byCode = new Map(assessments.map((a) => [a.code, a]));
      const known = records.filter((r) => byCode.has(r.code));
      const unknownCodes = records.filter((r) => !byCode.has(r.code)).map((r) => r.code);
      const wanted = known.map((r) => {
        const a = byCode.get(r.code) as (typeof assessments)[number];
        return { record: r, assessment: a, key: variantKey(a.id, r.currency, r.unit) };
      });
      await tx.seriesVariant.createMany({
        data: wanted.map(({ record: r, assessment: a }) => ({
          assessmentId: a.id,
          currency: r.currency,
          unit: r.unit,
          isDefault: r.isDefault,
          currencyId: r.isDefault ? null : r.currencyId,
          unitId: r.isDefault ? null : r.unitId,
        })),
        skipDuplicates: true,
      });
      const variants = await tx.seriesVariant.findMany({
        where: { assessmentId: { in: wanted.map((w) => w.assessment.id) } },
        select: { id: true, assessmentId: true, currency: true, unit: true, isDefault: true },
      });
      const variantOf = new Map(variants.map((v) => [variantKey(v.assessmentId, v.currency, v.unit), v]));
      const ids = wanted.map((w) => variantOf.get(w.key)?.id as number);
      // Only the months the answer covers can change (Series Values sends 13 + forecasts).
      const since = wanted.reduce<Date | null>(
        (min, w) =>
          !w.record.firstMonth ? min : !min || w.record.firstMonth < min ? w.record.firstMonth : min,
        null,
      );
      const open = await tx.observation.findMany({
        where: { variantId: { in: ids }, validTo: null, ...(since ? { month: { gte: since } } : {}) },
        select: { variantId: true, month: true, validFrom: true, kind: true, value: true },
      });
      const openBy = new Map<number, OpenObservation[]>();
      for (const o of open) {
        const list = openBy.get(o.variantId) ?? [];
        list.push(o);
        openBy.set(o.variantId, list);
      }
      const closes = { v: [] as number[], m: [] as Date[], to: [] as Date[] };
      const inserts = {
        v: [] as number[],
        m: [] as Date[],
        f: [] as Date[],
        k: [] as string[],
        x: [] as number[],
      };
      wanted.forEach((w, i) => {
        const id = ids[i] as number;
        const changes = w.record.changes(openBy.get(id) ?? [], w.assessment.hasPreliminary);
        for (const c of changes.close) {
          closes.v.push(id);
          closes.m.push(c.month);
          closes.to.push(changes.validTo);
        }
        for (const r of changes.insert) {
          inserts.v.push(id);
          inserts.m.push(r.month);
          inserts.f.push(r.validFrom);
          inserts.k.push(r.kind);
          inserts.x.push(r.value);
        }
      });
      if (closes.v.length) {
        await tx.$executeRaw`
          UPDATE "Observation" o SET "validTo" = c.t
          FROM unnest(${closes.v}::int[], ${closes.m}::date[], ${closes.to}::timestamp(3)[]) AS c(v, m, t)
          WHERE o."variantId" = c.v AND o."month" = c.m AND o."validTo" IS NULL`;
      }
      // One statement with array parameters: far faster than a multi-row insert, on PGlite above all.
      if (inserts.v.length) {
        await tx.$executeRaw`
          INSERT INTO "Observation" ("variantId", "month", "validFrom", "validTo", "kind", "value", "fetchedAt")
          SELECT v, m, f, NULL, k::"ObservationKind", x, ${fetchedAt}::timestamp(3)
          FROM unnest(${inserts.v}::int[], ${inserts.m}::date[], ${inserts.f}::timestamp(3)[], ${inserts.k}::text[],
                      ${inserts.x}::float8[]) AS t(v, m, f, k, x)`;
      }
      if (wanted.length) {
        const full = wanted.map((w) => w.record.fullHistory);
        await tx.$executeRaw`
          UPDATE "SeriesVariant" s SET "upstreamUpdatedAt" = u.upd, "lastFinal" = u.lf, "lastFetchedAt" = ${fetchedAt}::timestamp(3),
            "historyLoaded" = s."historyLoaded" OR u.fh, "isDefault" = s."isDefault" OR u.df
          FROM unnest(${ids}::int[], ${wanted.map((w) => w.record.updatedAt)}::date[], ${wanted.map((w) => w.record.lastFinal)}::date[],
                      ${full}::boolean[], ${wanted.map((w) => w.record.isDefault)}::boolean[]) AS u(id, upd, lf, fh, df)
          WHERE s."id" = u.id`;
      }
      const loadedIds = wanted.filter((w) => w.record.isDefault).map((w) => w.assessment.id);
      if (loadedIds.length)
        await tx.assessment.updateMany({
          where: { id: { in: loadedIds }, syncIssue: { not: null } },
          data: { syncIssue: null, syncIssueAt: null },
        });
      const observations = inserts.v.length;
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
