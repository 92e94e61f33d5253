import "server-only";
import { noteSyncIssue } from "@/lib/db/assessments";
import { datasetBudgets } from "@/lib/db/upstream-usage";
import { SERVICES, type ServiceName } from "@/lib/domain/services";
import type { UpstreamClient } from "@/lib/upstream/client";
import { syncCatalogue } from "./catalogue";
import { probeUnknownDatasets } from "./dataset-probe";
import { buildPlan, type PlanInput, planFetches, type SyncPlan } from "./planner";
import type { SyncOptions } from "./run";
import { syncSettings } from "./settings";
import { historyAvailability } from "./vendor-plan";

// Planning a run: Series Info → the stored catalogue (per service), the datasets nothing has named
// yet learned by probing, then the plan priced against the dataset budgets. A dry run writes
// nothing and probes nothing.

export async function planRun(
  client: UpstreamClient,
  runId: string,
  opts: SyncOptions,
  now: () => Date,
): Promise<{ plan: SyncPlan; assessments: number; probed: number }> {
  const settings = await syncSettings();
  let historyAvailable = await historyAvailability();
  const inputs: PlanInput[] = [];
  let assessments = 0;
  let probed = 0;
  for (const service of opts.services ?? SERVICES) {
    opts.onProgress?.({ phase: "catalogue", service });
    const ctx = {
      cause: opts.trigger === "schedule" ? "schedule" : `sync:${opts.trigger}`,
      syncRunId: runId,
    };
    const result = await syncCatalogue(client, service, ctx, {
      dryRun: Boolean(opts.dryRun),
      retentionDays: settings.variantRetentionDays,
      now: now(),
    });
    assessments += result.created + result.changed + result.vanished;
    // Datasets nothing has named yet are learned by loading one code of each (a load due anyway).
    if (
      !opts.dryRun &&
      result.unknownDatasets.size &&
      (await datasetBudgets()).some((b) => b.service === service)
    ) {
      opts.onProgress?.({ phase: "datasets", service });
      const probe = await probeUnknownDatasets(
        client,
        service,
        result.unknownDatasets,
        result.inputs,
        ctx,
        historyAvailable(service),
      );
      probed += probe.loaded;
      // A probe may have found the plan without History.
      historyAvailable = await historyAvailability();
    }
    inputs.push(...result.inputs);
  }
  const sandbox = (await datasetBudgets()).length === 0;
  const plan = buildPlan(
    planFetches(inputs, historyAvailable),
    sandbox ? null : await budgetViews(),
    settings.onDemandReserve,
  );
  if (!opts.dryRun) await noteDeferred(plan, settings.onDemandReserve, now());
  return { plan, assessments, probed };
}

/** Every code the plan leaves for later gets the reason, for the admin overview and the series API. */
async function noteDeferred(plan: SyncPlan, reserve: number, now: Date): Promise<void> {
  const groups = new Map<string, { service: ServiceName; codes: string[]; reason: string }>();
  for (const f of plan.deferred) {
    const available =
      plan.cost.byDataset.find((d) => d.service === f.service && d.dataset === f.dataset)?.available ?? 0;
    const reason = `Deferred: the ${f.dataset} dataset has ${available} code(s) left this period after the on-demand reserve of ${reserve}; the next release period's sync loads it.`;
    const key = `${f.service}|${reason}`;
    const g = groups.get(key) ?? { service: f.service, codes: [], reason };
    g.codes.push(f.code);
    groups.set(key, g);
  }
  for (const g of groups.values()) await noteSyncIssue(g.service, g.codes, g.reason, now);
}

async function budgetViews() {
  return (await datasetBudgets()).map((b) => ({
    service: b.service,
    dataset: b.dataset,
    remaining: b.remaining,
    total: b.total,
  }));
}
