import "server-only";
import { findLease, releaseLease } from "@/lib/db/leases";
import { storeFetchedRecords } from "@/lib/db/observations";
import { findVariant } from "@/lib/db/series";
import type { ServiceName } from "@/lib/domain/services";
import { processSingleton } from "@/lib/process-singleton";
import { UpstreamError } from "@/lib/upstream/errors";
import { toFetchedRecords } from "./records";
import { PROCESS_ID, takeLease, upstreamClient } from "./upstream";
import { fetchSeriesValues } from "./vendor-plan";

// On-demand fetch of one series variant the database lacks (a currency/unit nobody asked for
// yet, or a code the last sync could not pay for). Single-flight: concurrent requests in this
// process share one promise, and other processes wait for the holder of a database lease, so a
// thousand viewers cause one upstream call. It may spend the on-demand reserve (floor 0).

export type OnDemandRequest = {
  service: ServiceName;
  code: string;
  assessmentId: number;
  /** null: not known yet — the vendor's quota is then the only judge */
  dataset: string | null;
  currency: string;
  unit: string;
  currencyId: number | null;
  unitId: number | null;
  userId: string;
};

/** Fetches in flight in this process, shared by every bundle (route handlers and pages alike). */
const inFlight = () => processSingleton("onDemandInFlight", () => new Map<string, Promise<void>>());

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function fetchVariantOnDemand(req: OnDemandRequest): Promise<void> {
  const key = `${req.service}|${req.code}|${req.currencyId ?? ""}|${req.unitId ?? ""}`;
  let pending = inFlight().get(key);
  if (!pending) {
    pending = fetchOnce(key, req).finally(() => inFlight().delete(key));
    inFlight().set(key, pending);
  }
  return pending;
}

async function loaded(req: OnDemandRequest): Promise<boolean> {
  const v = await findVariant(req.assessmentId, req.currency, req.unit);
  return Boolean(v?.historyLoaded || v?.lastFetchedAt);
}

async function fetchOnce(key: string, req: OnDemandRequest): Promise<void> {
  const lease = `on-demand:${key}`;
  const deadline = Date.now() + 30_000;
  while (!(await takeLease(lease, PROCESS_ID, 60_000))) {
    // Another instance is fetching it: wait for its result.
    if (await loaded(req)) return;
    if (!(await findLease(lease))) break; // its holder gave up: fetch it here
    // Still being fetched elsewhere (a slow vendor): answer now rather than pay for it twice.
    if (Date.now() > deadline)
      throw new UpstreamError(
        "unavailable",
        "Another request is fetching this rendering; try again in a minute.",
        {
          retryAfterMs: 60_000,
        },
      );
    await sleep(250);
  }
  try {
    if (await loaded(req)) return;
    const client = upstreamClient();
    const { records, fullHistory } = await fetchSeriesValues(
      client,
      req.service,
      "series_hist",
      { codes: [req.code], currencyId: req.currencyId ?? undefined, unitId: req.unitId ?? undefined },
      {
        cause: "on-demand",
        userId: req.userId,
        charge: req.dataset ? { datasetOf: { [req.code]: req.dataset }, floor: 0 } : undefined,
      },
    );
    if (records.length === 0) throw new UpstreamError("not_found", `The vendor no longer lists ${req.code}.`);
    await storeFetchedRecords(
      req.service,
      toFetchedRecords(
        records,
        { currencyId: req.currencyId, unitId: req.unitId, fullHistory },
        client.now(),
      ),
      client.now(),
      null,
    );
  } finally {
    await releaseLease(lease, PROCESS_ID);
  }
}
