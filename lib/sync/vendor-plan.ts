import "server-only";
import { z } from "zod";
import { readSetting, writeSetting } from "@/lib/db/settings";
import type { ServiceName } from "@/lib/domain/services";
import { log } from "@/lib/log";
import type { CallContext, UpstreamClient, ValuesRequest } from "@/lib/upstream/client";
import { UpstreamError } from "@/lib/upstream/errors";
import type { ValuesRecord } from "@/lib/upstream/schemas";

// What the subscription's plan turned out to include. Series Values History is an option of the
// vendor's plan (spec rule 6); a plan without it answers History with 403. That is learned from
// the answers and kept per service; first loads then take Series Values (13 months) instead of
// failing the same batch every sync. A plan may change at any month: once per release period the
// first Series Values call that is due anyway is sent as History instead (same data requests, more
// months); if it is answered, the plan has History again.

const KEY = "vendor-plan";
const planSchema = z.record(
  z.string(),
  z.object({ historyAvailable: z.boolean(), learnedAt: z.string(), period: z.string() }),
);
export type VendorPlan = z.infer<typeof planSchema>;

export async function vendorPlan(): Promise<VendorPlan> {
  const parsed = planSchema.safeParse((await readSetting(KEY)) ?? {});
  return parsed.success ? parsed.data : {};
}

/** Whether the plan includes History, as far as is known (unknown: yes — a 403 costs nothing). */
export async function historyAvailability(): Promise<(service: ServiceName) => boolean> {
  const plan = await vendorPlan();
  return (service) => plan[service]?.historyAvailable ?? true;
}

async function noteHistory(service: ServiceName, historyAvailable: boolean, period: Date, now: Date) {
  const plan = await vendorPlan();
  if (plan[service]?.historyAvailable === historyAvailable && plan[service]?.period === period.toISOString())
    return;
  plan[service] = { historyAvailable, learnedAt: now.toISOString(), period: period.toISOString() };
  await writeSetting(KEY, plan, null);
  if (!historyAvailable)
    log("sync").warn(
      { service },
      "the plan has no Series Values History: first loads take Series Values (13 months)",
    );
}

export type FetchedValues = { records: ValuesRecord[]; fullHistory: boolean };

/**
 * Fetches codes by the planned operation; History refused with 403 while Series Values of the same
 * codes is answered means the plan lacks History: remembered, and the answer kept is the 13 months.
 */
export async function fetchSeriesValues(
  client: UpstreamClient,
  service: ServiceName,
  operation: "series" | "series_hist",
  request: ValuesRequest,
  ctx: CallContext,
): Promise<FetchedValues> {
  const now = client.now();
  const period = client.periodStart();
  const known = (await vendorPlan())[service];
  const tryHistory =
    operation === "series_hist"
      ? (known?.historyAvailable ?? true)
      : known !== undefined && !known.historyAvailable && known.period !== period.toISOString();
  if (!tryHistory) return { records: await client.seriesValues(service, request, ctx), fullHistory: false };
  try {
    const records = await client.seriesHistory(service, request, ctx);
    if (known && !known.historyAvailable) await noteHistory(service, true, period, now);
    return { records, fullHistory: true };
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.kind !== "forbidden") throw error;
    const records = await client.seriesValues(service, request, ctx);
    await noteHistory(service, false, period, now);
    return { records, fullHistory: false };
  }
}
