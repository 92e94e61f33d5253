import "server-only";
import type { Service } from "@/generated/prisma/client";
import { prisma } from "./client";

// Reads of one series: its assessment, its variants and its observations at any vintage.

export function findAssessment(service: Service, code: string) {
  return prisma().assessment.findUnique({
    where: { service_code: { service, code } },
    include: {
      replacedBy: { select: { service: true, code: true, assessment: true } },
      replaces: { select: { service: true, code: true, assessment: true } },
      variants: true,
    },
  });
}

export function findVariant(assessmentId: number, currency: string, unit: string) {
  return prisma().seriesVariant.findUnique({
    where: { assessmentId_currency_unit: { assessmentId, currency, unit } },
  });
}

export async function touchVariant(id: number, at: Date): Promise<void> {
  await prisma().seriesVariant.update({ where: { id }, data: { lastRequestedAt: at } });
}

/** Rows valid at `asOf` (or now), months within [from, to], oldest first. */
export function observationsAt(variantId: number, opts: { asOf?: Date; from?: Date; to?: Date }) {
  return prisma().observation.findMany({
    where: {
      variantId,
      ...(opts.asOf
        ? { validFrom: { lte: opts.asOf }, OR: [{ validTo: null }, { validTo: { gt: opts.asOf } }] }
        : { validTo: null }),
      ...(opts.from || opts.to
        ? { month: { ...(opts.from ? { gte: opts.from } : {}), ...(opts.to ? { lte: opts.to } : {}) } }
        : {}),
    },
    orderBy: { month: "asc" },
    select: { month: true, kind: true, value: true, validFrom: true },
  });
}

/** Publication dates of the variant's vintages, newest first (for the revisions picker). */
export async function vintageDates(variantId: number): Promise<Date[]> {
  const rows = await prisma().observation.findMany({
    where: { variantId },
    distinct: ["validFrom"],
    select: { validFrom: true },
    orderBy: { validFrom: "desc" },
    take: 60,
  });
  return rows.map((r) => r.validFrom);
}

export async function recordVisit(userId: string, assessmentId: number, at: Date): Promise<Date | null> {
  const previous = await prisma().seriesVisit.findUnique({
    where: { userId_assessmentId: { userId, assessmentId } },
  });
  await prisma().seriesVisit.upsert({
    where: { userId_assessmentId: { userId, assessmentId } },
    create: { userId, assessmentId, lastViewedAt: at },
    update: { lastViewedAt: at },
  });
  return previous?.lastViewedAt ?? null;
}
