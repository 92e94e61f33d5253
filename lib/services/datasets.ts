import "server-only";
import { z } from "zod";
import { unloadedAssessments } from "@/lib/db/assessments";
import { writeAudit } from "@/lib/db/audit";
import {
  assignDataset,
  coverageDatasets,
  coverageExists,
  datasetMappings,
  deleteDatasetMapping,
  saveDatasetMapping,
} from "@/lib/db/dataset-mappings";
import { datasetBudgets } from "@/lib/db/upstream-usage";
import { reportKeys, resolveDataset } from "@/lib/domain/datasets";
import type { SessionUser } from "@/lib/domain/roles";
import { serviceSchema } from "@/lib/domain/services";
import { badRequest, notFound } from "@/lib/http/errors";
import { probeOutcomes } from "@/lib/sync/dataset-probe";
import { vendorPlan } from "@/lib/sync/vendor-plan";

// What the app learned about the vendor's side — which quota dataset each country counts against,
// whether the plan includes History — and what it could not load and why. Admins read it and
// correct the dataset mapping where the learning was wrong.

export async function datasetOverview() {
  const [groups, mappings, budgets, outcomes] = await Promise.all([
    coverageDatasets(),
    datasetMappings(),
    datasetBudgets(),
    probeOutcomes(),
  ]);
  const mappingOf = new Map(mappings.map((m) => [`${m.service}|${m.coverage}`, m]));
  const keysOf = (service: string) =>
    reportKeys(budgets.filter((b) => b.service === service).map((b) => b.dataset));
  // Not stored: read again from the report and the records as the sync does.
  const derived = (service: string, coverage: string, dataset: string) => {
    const again = resolveDataset(coverage, {}, keysOf(service), undefined);
    return again?.dataset === dataset ? again.source : "record_field";
  };
  return {
    reportKeys: budgets.map((b) => ({ service: b.service, dataset: b.dataset })),
    coverages: groups.map((g) => {
      const m = mappingOf.get(`${g.service}|${g.coverage}`);
      const probe = outcomes[`${g.service}|${g.coverage}`];
      return {
        ...g,
        source:
          g.dataset === null
            ? null
            : m && m.dataset === g.dataset
              ? m.source
              : derived(g.service, g.coverage, g.dataset),
        evidence:
          g.dataset === null
            ? (probe?.note ?? "not probed yet")
            : m?.dataset === g.dataset
              ? m.evidence
              : null,
        learnedAt: m?.learnedAt.toISOString() ?? null,
      };
    }),
  };
}

export async function unplannedAssessments(limit = 200) {
  const { rows, total } = await unloadedAssessments(limit);
  return {
    total,
    items: rows.map((r) => ({
      service: r.service,
      code: r.code,
      assessment: r.assessment,
      coverage: r.coverage,
      dataset: r.dataset,
      reason: r.syncIssue as string,
      since: r.syncIssueAt?.toISOString() ?? null,
    })),
  };
}

export async function vendorFacts() {
  const plan = await vendorPlan();
  return Object.entries(plan).map(([service, p]) => ({ service, ...p }));
}

export const datasetMappingSchema = z
  .object({
    service: serviceSchema,
    coverage: z.string().trim().min(1).max(120),
    dataset: z.string().trim().min(1).max(200),
  })
  .strict();
export const clearDatasetMappingSchema = datasetMappingSchema.omit({ dataset: true });

/** An admin's correction: the dataset must be a key of the vendor's report for that service. */
export async function setDatasetMapping(user: SessionUser, input: z.infer<typeof datasetMappingSchema>) {
  if (!(await coverageExists(input.service, input.coverage)))
    throw notFound(`No assessment of ${input.service} covers ${input.coverage}.`);
  const keys = (await datasetBudgets()).filter((b) => b.service === input.service).map((b) => b.dataset);
  if (!keys.includes(input.dataset))
    throw badRequest(
      `dataset must be a key of the vendor's data-limits report: ${keys.join(", ") || "(none reported yet)"}`,
      {
        field: "dataset",
      },
    );
  await saveDatasetMapping({
    ...input,
    source: "admin",
    evidence: `set by ${user.email}`,
    updatedBy: user.email,
    at: new Date(),
  });
  await assignDataset(input.service, input.coverage, input.dataset);
  await writeAudit({
    actorId: user.id,
    action: "dataset.map",
    target: `${input.service}/${input.coverage}`,
    details: { ...input },
  });
  return { ...input, source: "admin" as const };
}

/** Drops an admin's correction: the next sync learns the coverage's dataset again. */
export async function clearDatasetMapping(
  user: SessionUser,
  input: z.infer<typeof clearDatasetMappingSchema>,
) {
  if (!(await deleteDatasetMapping(input.service, input.coverage)))
    throw notFound(`Nothing is stored for ${input.service}/${input.coverage}.`);
  await assignDataset(input.service, input.coverage, null);
  await writeAudit({
    actorId: user.id,
    action: "dataset.unmap",
    target: `${input.service}/${input.coverage}`,
  });
  return { ...input, cleared: true };
}
