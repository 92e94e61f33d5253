import "server-only";
import { applyCatalogue, assessmentSyncState, refreshReleaseFields } from "@/lib/db/assessments";
import { datasetBudgets } from "@/lib/db/upstream-usage";
import type { ServiceName } from "@/lib/domain/services";
import type { CallContext, UpstreamClient } from "@/lib/upstream/client";
import { rowChanged, toAssessmentRow } from "./catalogue-record";
import type { PlanInput } from "./planner";

// Series Info → the stored catalogue, and the planner's view of each code.

export type CatalogueSync = {
  service: ServiceName;
  listed: number;
  created: number;
  changed: number;
  vanished: number;
  inputs: PlanInput[];
};

export async function syncCatalogue(
  client: UpstreamClient,
  service: ServiceName,
  ctx: CallContext,
  options: { dryRun: boolean; retentionDays: number; now: Date },
): Promise<CatalogueSync> {
  await client.ensureDatasetBudgets(service, ctx);
  const records = await client.seriesInfo(service, ctx);
  const datasetKeys = (await datasetBudgets()).filter((b) => b.service === service).map((b) => b.dataset);
  const stored = new Map((await assessmentSyncState(service)).map((a) => [a.code, a]));
  const rows = records.map((r) => toAssessmentRow(service, r, datasetKeys));
  const listed = new Set(rows.map((r) => r.code));
  const fresh = rows.filter((r) => !stored.has(r.code));
  const changed = rows.filter((r) => {
    const s = stored.get(r.code);
    return s !== undefined && rowChanged(s, r);
  });
  const vanished = [...stored.values()]
    .filter((a) => !listed.has(a.code) && !a.vanishedAt)
    .map((a) => a.code);
  if (!options.dryRun) {
    const toStored = ({ raw, ...r }: (typeof rows)[number]) => ({ ...r, raw: raw as object });
    // Most changes are a new release of the same series: only its release fields moved.
    const releaseOnly = changed.filter((r) => {
      const s = stored.get(r.code);
      return (
        s &&
        !s.vanishedAt &&
        s.assessment === r.assessment &&
        s.remark2 === r.remark2 &&
        s.dataset === r.dataset &&
        !r.discontinued
      );
    });
    const releaseOnlySet = new Set(releaseOnly);
    const other = changed.filter((r) => !releaseOnlySet.has(r));
    await refreshReleaseFields(service, releaseOnly, options.now);
    await applyCatalogue(service, fresh.map(toStored), other.map(toStored), vanished, options.now);
  }
  const since = options.now.getTime() - options.retentionDays * 86_400_000;
  const inputs: PlanInput[] = rows.map((r) => {
    const variants = stored.get(r.code)?.variants ?? [];
    return {
      service,
      code: r.code,
      dataset: r.dataset,
      updatedAt: r.upstreamUpdatedAt,
      lastAvailableFinal: r.lastAvailableFinal,
      seriesHistChanged: r.seriesHistChanged,
      variants: variants
        .filter((v) => v.isDefault || (v.lastRequestedAt && v.lastRequestedAt.getTime() >= since))
        .map((v) => ({
          isDefault: v.isDefault,
          currencyId: v.currencyId,
          unitId: v.unitId,
          upstreamUpdatedAt: v.upstreamUpdatedAt,
          lastFinal: v.lastFinal,
          historyLoaded: v.historyLoaded,
        })),
    };
  });
  return {
    service,
    listed: rows.length,
    created: fresh.length,
    changed: changed.length,
    vanished: vanished.length,
    inputs,
  };
}
