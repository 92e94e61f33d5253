import "server-only";
// The planner: from Series Info versus what the database holds, decide per code and variant what
// to fetch — nothing, Series Values (the last 13 months) or Series Values History (first load,
// revised history, or a gap longer than Series Values covers) — group the codes into calls of at
// most 40 per (service, operation, currency, unit), and price the plan against the dataset budgets,
// keeping the on-demand reserve. A plan without the History option gets Series Values for all of
// it; a code whose dataset is not known yet is planned uncharged (the vendor's quota still holds).
// Pure: no I/O.
import { chunk } from "@/lib/domain/codes";
import { MAX_CODES_PER_CALL, type ServiceName } from "@/lib/domain/services";
import type { DataOperation, PlanCost, PlanReason } from "@/lib/domain/sync-run";

/** Series Values covers the latest concluded month and the 12 before it. */
export const VALUES_WINDOW_MONTHS = 13;

export type VariantState = {
  currencyId: number | null;
  unitId: number | null;
  isDefault: boolean;
  upstreamUpdatedAt: Date | null;
  lastFinal: Date | null;
  historyLoaded: boolean;
  /** when this rendering was last stored (loaded at all, even without finals in the window) */
  lastFetchedAt?: Date | null;
};

export type PlanInput = {
  service: ServiceName;
  code: string;
  coverage: string;
  /** null: not known yet */
  dataset: string | null;
  updatedAt: Date | null;
  lastAvailableFinal: Date | null;
  seriesHistChanged: boolean;
  /** the stored default variant (absent on first sight) and the non-default variants in use */
  variants: VariantState[];
};

export type Operation = DataOperation;
export type Reason = PlanReason;

export type PlannedFetch = {
  service: ServiceName;
  code: string;
  dataset: string | null;
  operation: Operation;
  currencyId: number | null;
  unitId: number | null;
  reason: Reason;
};

export type PlannedBatch = {
  service: ServiceName;
  operation: Operation;
  currencyId: number | null;
  unitId: number | null;
  codes: string[];
};

export type DatasetBudgetView = { service: ServiceName; dataset: string; remaining: number; total: number };

export type SyncPlan = {
  batches: PlannedBatch[];
  fetches: PlannedFetch[];
  /** codes left for a later run because their dataset's budget (minus the reserve) is short */
  deferred: PlannedFetch[];
  cost: PlanCost;
};

const monthsBetween = (a: Date, b: Date) =>
  (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth());

export function decide(
  input: PlanInput,
  variant: VariantState | undefined,
  historyAvailable = true,
): { operation: Operation; reason: Reason } | null {
  // Stored at all (in full, or Series Values' window while the plan lacked History), even when that
  // window held no final (a series only forecast lately): otherwise it would be paid for every run.
  const hasData = Boolean(variant?.historyLoaded || variant?.lastFetchedAt || variant?.lastFinal);
  if (!hasData) return { operation: historyAvailable ? "series_hist" : "series", reason: "first load" };
  // Loaded from Series Values while the plan lacked History: complete it once History is there.
  if (!variant?.historyLoaded && historyAvailable) return { operation: "series_hist", reason: "first load" };
  if (!variant) return null;
  const newer =
    (input.updatedAt && (!variant.upstreamUpdatedAt || input.updatedAt > variant.upstreamUpdatedAt)) ||
    (input.lastAvailableFinal && (!variant.lastFinal || input.lastAvailableFinal > variant.lastFinal));
  if (!newer) return null;
  if (!historyAvailable)
    return { operation: "series", reason: input.seriesHistChanged ? "revised history" : "new data" };
  if (input.seriesHistChanged) return { operation: "series_hist", reason: "revised history" };
  if (
    variant.lastFinal &&
    input.lastAvailableFinal &&
    monthsBetween(variant.lastFinal, input.lastAvailableFinal) >= VALUES_WINDOW_MONTHS
  )
    return { operation: "series_hist", reason: "gap beyond Series Values" };
  return { operation: "series", reason: "new data" };
}

export function planFetches(
  inputs: PlanInput[],
  historyAvailable: (service: ServiceName) => boolean = () => true,
): PlannedFetch[] {
  const out: PlannedFetch[] = [];
  for (const input of inputs) {
    const history = historyAvailable(input.service);
    const defaultVariant = input.variants.find((v) => v.isDefault);
    const targets: (VariantState | undefined)[] = [
      defaultVariant,
      ...input.variants.filter((v) => !v.isDefault),
    ];
    for (const variant of targets) {
      const decision = decide(input, variant, history);
      if (!decision) continue;
      out.push({
        service: input.service,
        code: input.code,
        dataset: input.dataset,
        currencyId: variant?.currencyId ?? null,
        unitId: variant?.unitId ?? null,
        ...decision,
      });
    }
  }
  return out;
}

const budgetKey = (service: string, dataset: string | null) => `${service}\u0000${dataset ?? ""}`;

/**
 * Groups fetches into calls and prices them. A dataset with too few codes left (after `reserve`)
 * gets only what fits, history first (a first load matters more than a refresh).
 */
export function buildPlan(
  fetches: PlannedFetch[],
  budgets: DatasetBudgetView[] | null,
  reserve: number,
): SyncPlan {
  const available = new Map<string, number>();
  for (const b of budgets ?? [])
    available.set(budgetKey(b.service, b.dataset), Math.max(0, b.remaining - reserve));
  const ordered = [...fetches].sort(
    (a, b) =>
      (a.operation === b.operation ? 0 : a.operation === "series_hist" ? -1 : 1) ||
      (a.dataset ?? "").localeCompare(b.dataset ?? "") ||
      a.code.localeCompare(b.code),
  );
  const kept: PlannedFetch[] = [];
  const deferred: PlannedFetch[] = [];
  const needed = new Map<string, number>();
  const planned = new Map<string, number>();
  for (const f of ordered) {
    const key = budgetKey(f.service, f.dataset);
    needed.set(key, (needed.get(key) ?? 0) + 1);
    // An unknown dataset has no budget of ours to price against: the vendor's quota is the judge.
    const priced = budgets !== null && f.dataset !== null;
    const left = priced ? (available.get(key) ?? 0) : Number.POSITIVE_INFINITY;
    if (left <= 0) {
      deferred.push(f);
      continue;
    }
    if (priced) available.set(key, left - 1);
    planned.set(key, (planned.get(key) ?? 0) + 1);
    kept.push(f);
  }
  const groups = new Map<string, PlannedFetch[]>();
  for (const f of kept) {
    const key = [f.service, f.operation, f.currencyId ?? "", f.unitId ?? ""].join("|");
    const list = groups.get(key) ?? [];
    list.push(f);
    groups.set(key, list);
  }
  // Calls are interleaved across (service, operation): each has its own 10 requests/s, so taking
  // them in turn lets them run side by side.
  const lanes = new Map<string, PlannedBatch[]>();
  for (const list of groups.values()) {
    const first = list[0] as PlannedFetch;
    const lane = lanes.get(`${first.service}|${first.operation}`) ?? [];
    for (const codes of chunk(
      list.map((f) => f.code),
      MAX_CODES_PER_CALL,
    )) {
      lane.push({
        service: first.service,
        operation: first.operation,
        currencyId: first.currencyId,
        unitId: first.unitId,
        codes,
      });
    }
    lanes.set(`${first.service}|${first.operation}`, lane);
  }
  const batches: PlannedBatch[] = [];
  const queues = [...lanes.values()];
  for (let i = 0; queues.some((q) => i < q.length); i++) {
    for (const q of queues) if (q[i]) batches.push(q[i] as PlannedBatch);
  }
  const byReason: Record<Reason, number> = {
    "first load": 0,
    "revised history": 0,
    "gap beyond Series Values": 0,
    "new data": 0,
  };
  for (const f of kept) byReason[f.reason]++;
  const budgetOf = new Map((budgets ?? []).map((b) => [budgetKey(b.service, b.dataset), b]));
  return {
    batches,
    fetches: kept,
    deferred,
    cost: {
      calls: batches.length,
      dataRequests: kept.length,
      minimumDataRequests: new Set(kept.map((f) => `${f.service}|${f.code}|${f.currencyId}|${f.unitId}`))
        .size,
      byDataset: [...needed.entries()].map(([key, n]) => {
        const [service, dataset] = key.split("\u0000") as [ServiceName, string];
        const b = budgetOf.get(key);
        return {
          service,
          dataset: dataset || null,
          needed: n,
          planned: planned.get(key) ?? 0,
          available: b ? Math.max(0, b.remaining - reserve) : null,
        };
      }),
      byReason,
      deferred: deferred.length,
    },
  };
}
