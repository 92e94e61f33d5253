import "server-only";
import { assignDataset, saveDatasetMapping } from "@/lib/db/dataset-mappings";
import { storeFetchedRecords } from "@/lib/db/observations";
import { readSetting, writeSetting } from "@/lib/db/settings";
import { keyThatFell, type ReportCounts } from "@/lib/domain/datasets";
import type { ServiceName } from "@/lib/domain/services";
import { log } from "@/lib/log";
import type { CallContext, UpstreamClient } from "@/lib/upstream/client";
import { UpstreamError } from "@/lib/upstream/errors";
import type { DataLimits } from "@/lib/upstream/schemas";
import { decide, type PlanInput } from "./planner";
import { toFetchedRecords } from "./records";
import { fetchSeriesValues } from "./vendor-plan";

// Learning a coverage's dataset by observation: load one code of it that needs loading anyway
// (so the probe wastes no data request), then read the data-limits report again and see which key
// fell by exactly that one code. One probe settles the whole coverage. What cannot be settled
// (nothing moved, several keys moved because someone else spent quota meanwhile, the vendor refused)
// is noted for the admin and tried again at the next sync; its codes are still planned, uncharged.

const OUTCOMES_KEY = "dataset-probes";
export type ProbeOutcome = { at: string; code: string | null; dataset: string | null; note: string };

const counts = (report: DataLimits): ReportCounts =>
  Object.fromEntries(
    Object.entries(report).map(([k, v]) => [k, { remaining: v.remaining_requests, total: v.total_requests }]),
  );

export async function probeOutcomes(): Promise<Record<string, ProbeOutcome>> {
  const value = await readSetting(OUTCOMES_KEY);
  return value && typeof value === "object" ? (value as Record<string, ProbeOutcome>) : {};
}

async function noteOutcome(service: ServiceName, coverage: string, outcome: ProbeOutcome) {
  const all = await probeOutcomes();
  all[`${service}|${coverage}`] = outcome;
  await writeSetting(OUTCOMES_KEY, all, null);
}

/** The code of a coverage to probe with: one whose default rendering needs loading now. */
function probeCandidate(inputs: PlanInput[], historyAvailable: boolean) {
  for (const input of inputs) {
    const variant = input.variants.find((v) => v.isDefault);
    const decision = decide(input, variant, historyAvailable);
    if (decision) return { input, decision };
  }
  return null;
}

export async function probeUnknownDatasets(
  client: UpstreamClient,
  service: ServiceName,
  unknown: Map<string, string[]>,
  inputs: PlanInput[],
  ctx: CallContext,
  historyAvailable: boolean,
): Promise<{ learned: number; unsettled: number; loaded: number }> {
  if (unknown.size === 0) return { learned: 0, unsettled: 0, loaded: 0 };
  const byCode = new Map(inputs.filter((i) => i.service === service).map((i) => [i.code, i]));
  let learned = 0;
  let unsettled = 0;
  let loaded = 0;
  for (const [coverage, codes] of unknown) {
    const candidate = probeCandidate(
      codes.map((c) => byCode.get(c)).filter((i): i is PlanInput => Boolean(i)),
      historyAvailable,
    );
    if (!candidate) continue; // nothing to load: nothing to spend, nothing to learn this period
    const { input, decision } = candidate;
    // Read just before the call: what moved since an earlier reading is not this probe's doing.
    const before = counts(await client.dataLimits(service, ctx));
    const now = client.now();
    let answered = 0;
    try {
      const fetched = await fetchSeriesValues(
        client,
        service,
        decision.operation,
        { codes: [input.code] },
        ctx,
      );
      answered = fetched.records.length;
      loaded += answered;
      await storeFetchedRecords(
        service,
        toFetchedRecords(
          fetched.records,
          { currencyId: null, unitId: null, fullHistory: fetched.fullHistory },
          now,
        ),
        now,
        null,
      );
      // The code is loaded: the plan must not fetch it again.
      input.variants = [
        ...input.variants.filter((v) => !v.isDefault),
        {
          isDefault: true,
          currencyId: null,
          unitId: null,
          historyLoaded: fetched.fullHistory,
          upstreamUpdatedAt: input.updatedAt,
          lastFinal: input.lastAvailableFinal,
        },
      ];
    } catch (error) {
      if (!(error instanceof UpstreamError) || ["window", "unavailable", "unauthorized"].includes(error.kind))
        throw error;
      unsettled++;
      await noteOutcome(service, coverage, {
        at: now.toISOString(),
        code: input.code,
        dataset: null,
        note: `the probe call was refused (${error.kind}: ${error.message})`,
      });
      continue;
    }
    const after = counts(await client.dataLimits(service, ctx));
    const verdict =
      answered > 0 ? keyThatFell(before, after, answered) : { inconclusive: "the code was not answered" };
    if ("dataset" in verdict) {
      learned++;
      const evidence = `${verdict.dataset} fell by ${answered} after loading ${input.code} (${now.toISOString().slice(0, 10)})`;
      const mapping = {
        service,
        coverage,
        dataset: verdict.dataset,
        source: "observed" as const,
        evidence,
        at: now,
      };
      // An admin's choice stands: what was learned is then only noted.
      if (await saveDatasetMapping(mapping)) {
        await assignDataset(service, coverage, verdict.dataset);
        for (const code of codes) {
          const i = byCode.get(code);
          if (i) i.dataset = verdict.dataset;
        }
      }
      await noteOutcome(service, coverage, {
        at: now.toISOString(),
        code: input.code,
        dataset: verdict.dataset,
        note: evidence,
      });
    } else {
      unsettled++;
      log("sync").warn(
        { service, coverage, code: input.code, why: verdict.inconclusive },
        "dataset probe inconclusive",
      );
      await noteOutcome(service, coverage, {
        at: now.toISOString(),
        code: input.code,
        dataset: null,
        note: verdict.inconclusive,
      });
    }
  }
  return { learned, unsettled, loaded };
}
