import "server-only";
import { applyCatalogue, assessmentSyncState } from "@/lib/db/assessments";
import { datasetMappings } from "@/lib/db/dataset-mappings";
import { datasetBudgets } from "@/lib/db/upstream-usage";
import { type LearnedMapping, reportKeys, resolveDataset } from "@/lib/domain/datasets";
import type { ServiceName } from "@/lib/domain/services";
import { log } from "@/lib/log";
import { processSingleton } from "@/lib/process-singleton";
import type { CallContext, UpstreamClient } from "@/lib/upstream/client";
import { type AssessmentRow, rowChanged, toAssessmentRow } from "./catalogue-record";
import type { PlanInput } from "./planner";

// Series Info → the stored catalogue, and the planner's view of each code.

export type CatalogueSync = {
  service: ServiceName;
  listed: number;
  created: number;
  changed: number;
  vanished: number;
  inputs: PlanInput[];
  /** listed assessments whose data-limits dataset nothing has told yet, by coverage */
  unknownDatasets: Map<string, string[]>;
};

// Wording no reader understood is logged once per process, not once per sync.
const reported = () => processSingleton("unreadWording", () => new Set<string>());
function reportUnread(service: ServiceName, rows: AssessmentRow[]): void {
  for (const row of rows) {
    for (const u of row.unread) {
      const key = `${service}|${u.field}|${u.text.replace(/\d{1,9}-\d{1,9}-\d{1,9}/g, "<code>")}`;
      if (reported().has(key)) continue;
      reported().add(key);
      log("sync").warn(
        { service, code: row.code, field: u.field, text: u.text.slice(0, 200) },
        "vendor wording not recognised; kept as received and shown raw",
      );
    }
  }
}

/** The catalogue's rows with each one's dataset as far as the vendor's words and our learning tell. */
async function catalogueRows(
  service: ServiceName,
  records: Awaited<ReturnType<UpstreamClient["seriesInfo"]>>,
) {
  const report = reportKeys(
    (await datasetBudgets()).filter((b) => b.service === service).map((b) => b.dataset),
  );
  const learned = new Map<string, LearnedMapping>(
    (await datasetMappings(service)).map((m) => [
      m.coverage,
      { dataset: m.dataset, source: m.source, evidence: m.evidence },
    ]),
  );
  return records.map((r) =>
    toAssessmentRow(service, r, resolveDataset(r.coverage, r.raw, report, learned.get(r.coverage))),
  );
}

export async function syncCatalogue(
  client: UpstreamClient,
  service: ServiceName,
  ctx: CallContext,
  options: { dryRun: boolean; retentionDays: number; now: Date },
): Promise<CatalogueSync> {
  await client.ensureDatasetBudgets(service, ctx);
  const records = await client.seriesInfo(service, ctx);
  const rows = await catalogueRows(service, records);
  reportUnread(service, rows);
  const stored = new Map((await assessmentSyncState(service)).map((a) => [a.code, a]));
  const listed = new Set(rows.map((r) => r.code));
  const vanished = [...stored.values()]
    .filter((a) => !listed.has(a.code) && !a.vanishedAt)
    .map((a) => a.code);
  let created = rows.filter((r) => !stored.has(r.code)).length;
  // A dry run writes nothing: it counts what the release fields say changed.
  let changed = rows.filter((r) => {
    const s = stored.get(r.code);
    return s !== undefined && rowChanged(s, r);
  }).length;
  if (!options.dryRun) {
    const toStored = ({ raw, unread: _u, ...r }: AssessmentRow) => ({ ...r, raw: raw as object });
    ({ created, changed } = await applyCatalogue(
      service,
      rows.map(toStored),
      new Set(stored.keys()),
      vanished,
      options.now,
    ));
  }
  const since = options.now.getTime() - options.retentionDays * 86_400_000;
  const unknownDatasets = new Map<string, string[]>();
  const inputs: PlanInput[] = rows.map((r) => {
    if (r.dataset === null)
      unknownDatasets.set(r.coverage, [...(unknownDatasets.get(r.coverage) ?? []), r.code]);
    const variants = stored.get(r.code)?.variants ?? [];
    return {
      service,
      code: r.code,
      coverage: r.coverage,
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
          lastFetchedAt: v.lastFetchedAt,
        })),
    };
  });
  return {
    service,
    listed: rows.length,
    created,
    changed,
    vanished: vanished.length,
    inputs,
    unknownDatasets,
  };
}
