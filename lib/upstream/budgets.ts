import "server-only";
// The budgets a call must take before it is sent: the daily call quota, the Series Info monthly
// quota, and the per-dataset monthly code quota (keeping a reserve). All or nothing: a refused call
// costs nothing, and what the vendor did not charge is given back.
import { type CalendarRules, releasePeriod, vendorDay } from "@/lib/domain/calendar";
import type { Operation, ServiceName } from "@/lib/domain/services";
import { UpstreamError } from "./errors";
import type { CallBudget, QuotaStore } from "./stores";

export type BudgetRules = {
  sandbox: boolean;
  dailyQuota: number;
  seriesInfoMonthlyQuota: number;
  calendar: CalendarRules;
  now: Date;
};

export type ChargeContext = { charge?: { datasetOf: Record<string, string>; floor: number } };

export function callBudgets(operation: Operation, rules: BudgetRules): CallBudget[] {
  const day = vendorDay(rules.now);
  if (rules.sandbox) {
    const limit = operation === "series_info" ? 8000 : 16_000;
    return [{ key: `sandbox:${operation}:${day}`, limit, label: "sandbox daily quota" }];
  }
  const out: CallBudget[] = [{ key: `daily:${day}`, limit: rules.dailyQuota, label: "daily call quota" }];
  if (operation === "series_info") {
    const period = releasePeriod(rules.now, rules.calendar);
    out.push({
      key: `series_info:${period}`,
      limit: rules.seriesInfoMonthlyQuota,
      label: "Series Info monthly quota",
    });
  }
  return out;
}

export function countByDataset(codes: string[], datasetOf: Record<string, string>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const code of codes) {
    const dataset = datasetOf[code];
    if (dataset) out[dataset] = (out[dataset] ?? 0) + 1;
  }
  return out;
}

/**
 * Takes every budget of a call, or none. Returns how to give back everything (a failed call) or,
 * given the answered codes, the codes the vendor did not answer (unknown codes are free).
 */
export async function takeCallBudgets(
  quota: QuotaStore,
  rules: BudgetRules,
  service: ServiceName,
  operation: Operation,
  codes: string[],
  ctx: ChargeContext,
): Promise<(answered?: Set<string>) => Promise<void>> {
  const taken: CallBudget[] = [];
  const datasetsTaken: [string, number][] = [];
  const giveBack = async (answered?: Set<string>) => {
    if (answered) {
      const unanswered = countByDataset(
        codes.filter((c) => !answered.has(c)),
        ctx.charge?.datasetOf ?? {},
      );
      for (const [d, n] of Object.entries(unanswered)) await quota.giveDataset(service, d, n);
      return;
    }
    for (const b of taken) await quota.give(b.key, 1);
    for (const [d, n] of datasetsTaken) await quota.giveDataset(service, d, n);
  };
  for (const budget of callBudgets(operation, rules)) {
    if (!(await quota.take(budget, 1))) {
      await giveBack();
      throw new UpstreamError(
        "budget",
        `The ${budget.label} (${budget.limit}) is spent; the call was not sent.`,
      );
    }
    taken.push(budget);
  }
  if (ctx.charge && !rules.sandbox && (operation === "series" || operation === "series_hist")) {
    for (const [dataset, n] of Object.entries(countByDataset(codes, ctx.charge.datasetOf))) {
      if (!(await quota.takeDataset(service, dataset, n, ctx.charge.floor))) {
        await giveBack();
        throw new UpstreamError(
          "budget",
          `Dataset ${dataset} has too few codes left this month for ${n} more (keeping ${ctx.charge.floor} in reserve); the call was not sent.`,
        );
      }
      datasetsTaken.push([dataset, n]);
    }
  }
  return giveBack;
}
