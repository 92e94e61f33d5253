import "server-only";
import { hostname } from "node:os";
import { tokenKeySecrets } from "@/lib/auth/secret";
import { isAlive } from "@/lib/db/embedded-lock";
import { acquireLease, findLease, releaseLease, takeOverLease } from "@/lib/db/leases";
import {
  clearUpstreamToken,
  datasetReportedSince,
  giveCounter,
  giveDatasetCodes,
  loadUpstreamToken,
  recordUpstreamCall,
  reserveRateSlot,
  saveDatasetReport,
  saveUpstreamToken,
  takeCounter,
  takeDatasetCodes,
} from "@/lib/db/upstream-usage";
import { type CalendarRules, VENDOR_CALENDAR } from "@/lib/domain/calendar";
import { env } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";
import { type ClientConfig, UpstreamClient } from "@/lib/upstream/client";
import { UpstreamError } from "@/lib/upstream/errors";
import type { UpstreamStores } from "@/lib/upstream/stores";

// Wires the vendor client to the database, so every process shares one token, one rate budget,
// one quota ledger.

/** This process, as named in leases and runs. */
export const PROCESS_ID = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;

/**
 * Takes a named lease; a lease left by a killed process on this machine is taken over at once
 * instead of waiting for it to expire.
 */
export async function takeLease(name: string, holder: string, ttlMs: number): Promise<boolean> {
  if (await acquireLease(name, holder, ttlMs)) return true;
  const current = await findLease(name);
  const [host, pid] = current?.holder.split(":") ?? [];
  if (current && host === hostname() && pid && !isAlive(Number(pid)))
    return takeOverLease(name, current.holder, holder, ttlMs);
  return false;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export const databaseStores: UpstreamStores = {
  token: {
    load: loadUpstreamToken,
    save: (t, now) => saveUpstreamToken(t.cipher, t.expiresAt, now),
    clear: clearUpstreamToken,
    async withLoginLock(fn) {
      const deadline = Date.now() + 30_000;
      while (!(await acquireLease("upstream-login", PROCESS_ID, 30_000))) {
        if (Date.now() > deadline)
          throw new UpstreamError("timeout", "Waited too long for another process to log in.");
        await sleep(100);
      }
      try {
        return await fn();
      } finally {
        await releaseLease("upstream-login", PROCESS_ID);
      }
    },
  },
  rate: { reserve: reserveRateSlot },
  quota: {
    take: (b, n) => takeCounter(b.key, n, b.limit),
    give: giveCounter,
    takeDataset: takeDatasetCodes,
    giveDataset: giveDatasetCodes,
    datasetReportedSince,
    saveDatasetReport,
  },
  ledger: { record: recordUpstreamCall },
};

export function vendorCalendar(): CalendarRules {
  const e = env();
  return { ...VENDOR_CALENDAR, windows: e.UPSTREAM_WINDOWS, releaseDay: e.UPSTREAM_RELEASE_DAY };
}

export function upstreamConfigured(): boolean {
  return Boolean(env().UPSTREAM_BASE_URL);
}

/** The client from the environment; `overrides` serve tests (a simulated clock, fewer retries). */
export function createUpstreamClient(overrides: Partial<ClientConfig> = {}): UpstreamClient {
  const e = env();
  if (!e.UPSTREAM_BASE_URL || !e.UPSTREAM_USERNAME || !e.UPSTREAM_PASSWORD) {
    throw new UpstreamError(
      "unauthorized",
      "No upstream is configured: set UPSTREAM_BASE_URL, UPSTREAM_USERNAME and UPSTREAM_PASSWORD (npm start runs the bundled simulator when they are unset).",
    );
  }
  return new UpstreamClient(
    {
      baseUrl: e.UPSTREAM_BASE_URL.replace(/\/+$/, ""),
      username: e.UPSTREAM_USERNAME,
      password: e.UPSTREAM_PASSWORD,
      keySecrets: tokenKeySecrets(),
      sandbox: e.UPSTREAM_SANDBOX,
      timeoutMs: e.UPSTREAM_TIMEOUT_MS,
      ratePerSecond: e.UPSTREAM_RATE_PER_SECOND,
      dailyQuota: e.UPSTREAM_DAILY_QUOTA,
      seriesInfoMonthlyQuota: e.UPSTREAM_SERIES_INFO_MONTHLY_QUOTA,
      calendar: vendorCalendar(),
      ...overrides,
    },
    databaseStores,
  );
}

const holder = () => processSingleton<{ client?: UpstreamClient }>("upstreamClient", () => ({}));

/** One client per process (its in-memory token and single-flight login are shared). */
export function upstreamClient(): UpstreamClient {
  const h = holder();
  h.client ??= createUpstreamClient();
  return h.client;
}

export function setUpstreamClient(client: UpstreamClient | undefined): void {
  holder().client = client;
}
