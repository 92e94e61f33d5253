import "server-only";
import type { Service } from "@/generated/prisma/client";
import { prisma } from "./client";

// What was learned about the vendor's data-limits datasets: coverage → dataset, per service.

export type DatasetMappingSource = "report_key" | "record_field" | "single_key" | "observed" | "admin";

export type StoredDatasetMapping = {
  service: Service;
  coverage: string;
  dataset: string;
  source: DatasetMappingSource;
  evidence: string | null;
  learnedAt: Date;
  updatedBy: string | null;
};

export async function datasetMappings(service?: Service): Promise<StoredDatasetMapping[]> {
  const rows = await prisma().datasetMapping.findMany({
    where: service ? { service } : {},
    orderBy: [{ service: "asc" }, { coverage: "asc" }],
  });
  return rows.map((r) => ({ ...r, source: r.source as DatasetMappingSource }));
}

/**
 * Saves a learned mapping; an admin's mapping is never replaced by a learned one. Returns whether
 * the mapping now says what was learned.
 */
export async function saveDatasetMapping(m: {
  service: Service;
  coverage: string;
  dataset: string;
  source: DatasetMappingSource;
  evidence?: string | null;
  updatedBy?: string | null;
  at: Date;
}): Promise<boolean> {
  const data = {
    dataset: m.dataset,
    source: m.source,
    evidence: m.evidence ?? null,
    learnedAt: m.at,
    updatedBy: m.updatedBy ?? null,
  };
  if (m.source === "admin") {
    await prisma().datasetMapping.upsert({
      where: { service_coverage: { service: m.service, coverage: m.coverage } },
      create: { service: m.service, coverage: m.coverage, ...data },
      update: data,
    });
    return true;
  }
  return prisma().$transaction(async (tx) => {
    const current = await tx.datasetMapping.findUnique({
      where: { service_coverage: { service: m.service, coverage: m.coverage } },
    });
    if (current?.source === "admin") return false;
    if (current && current.dataset === m.dataset && current.source === m.source) return true;
    await tx.datasetMapping.upsert({
      where: { service_coverage: { service: m.service, coverage: m.coverage } },
      create: { service: m.service, coverage: m.coverage, ...data },
      update: data,
    });
    return true;
  });
}

/** Removes an admin's correction, so the mapping is learned again. */
export async function deleteDatasetMapping(service: Service, coverage: string): Promise<boolean> {
  const { count } = await prisma().datasetMapping.deleteMany({ where: { service, coverage } });
  return count > 0;
}

/** Points every assessment of a coverage at its dataset (null: unknown). */
export async function assignDataset(service: Service, coverage: string, dataset: string | null) {
  await prisma().assessment.updateMany({ where: { service, coverage }, data: { dataset } });
}

/** Listed assessments per service, coverage and dataset (null: unknown), for the admin view. */
export async function coverageDatasets() {
  const rows = await prisma().assessment.groupBy({
    by: ["service", "coverage", "dataset"],
    where: { vanishedAt: null },
    _count: { _all: true },
    orderBy: [{ service: "asc" }, { coverage: "asc" }],
  });
  return rows.map((r) => ({
    service: r.service,
    coverage: r.coverage,
    dataset: r.dataset,
    assessments: r._count._all,
  }));
}

export async function coverageExists(service: Service, coverage: string): Promise<boolean> {
  return (await prisma().assessment.count({ where: { service, coverage }, take: 1 })) > 0;
}
