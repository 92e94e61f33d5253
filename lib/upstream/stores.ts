import "server-only";
// What the client needs to share between processes. The sync layer backs these with the database
// (so N instances share one token, one rate budget and one quota ledger); lib/upstream itself
// stays free of storage.
import type { Operation, ServiceName } from "@/lib/domain/services";

export type StoredToken = { cipher: string; expiresAt: Date };

export interface TokenStore {
  load(): Promise<StoredToken | null>;
  save(token: StoredToken, now: Date): Promise<void>;
  clear(): Promise<void>;
  /** Runs `fn` while holding a cross-process lock, so only one login happens at a time. */
  withLoginLock<T>(fn: () => Promise<T>): Promise<T>;
}

export interface RateStore {
  /** Claims the next slot of `key` (one per `intervalMs`); returns how long to wait for it. */
  reserve(key: string, intervalMs: number, now: Date): Promise<number>;
}

export type CallBudget = { key: string; limit: number; label: string };

export interface QuotaStore {
  /** Adds `n` to a counter if it stays within `limit`; false when it would not. */
  take(budget: CallBudget, n: number): Promise<boolean>;
  give(key: string, n: number): Promise<void>;
  /** Takes `n` codes of a dataset's monthly quota while at least `floor` stay; false otherwise. */
  takeDataset(service: ServiceName, dataset: string, n: number, floor: number): Promise<boolean>;
  giveDataset(service: ServiceName, dataset: string, n: number): Promise<void>;
  /** Whether a dataset budget was reported in the current release period. */
  datasetReportedSince(service: ServiceName, since: Date): Promise<boolean>;
  /** Stores a data-limits report as the budgets, and keeps it in the history with its `cause`. */
  saveDatasetReport(
    service: ServiceName,
    report: Record<string, { remaining: number; total: number }>,
    at: Date,
    cause: string,
  ): Promise<void>;
}

export type LedgerEntry = {
  at: Date;
  service: ServiceName | null;
  operation: Operation;
  sandbox: boolean;
  codes: string[];
  currencyId?: number;
  unitId?: number;
  dataRequests: number;
  status: number | null;
  outcome: string;
  latencyMs: number;
  cause: string;
  syncRunId?: string;
  userId?: string;
  message?: string;
};

export interface Ledger {
  record(entry: LedgerEntry): Promise<void>;
}

export type UpstreamStores = { token: TokenStore; rate: RateStore; quota: QuotaStore; ledger: Ledger };
