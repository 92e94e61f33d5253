// The call ledger's vocabulary as the admin page and its API speak it.
import { z } from "zod";

export const UPSTREAM_OPERATIONS = ["token", "series_info", "series", "series_hist", "data_limits"] as const;
export type UpstreamOperationName = (typeof UPSTREAM_OPERATIONS)[number];

/** What caused a call: a sync run, a user's on-demand fetch, or anything else (limits polls, …). */
export const LEDGER_TRIGGERS = ["sync", "on-demand", "other"] as const;
export type LedgerTrigger = (typeof LEDGER_TRIGGERS)[number];

export const LEDGER_MAX_PAGE_SIZE = 200;

export const ledgerRowSchema = z.object({
  id: z.string(),
  at: z.string(),
  service: z.string().nullable(),
  operation: z.enum(UPSTREAM_OPERATIONS),
  codes: z.array(z.string()),
  currencyId: z.number().nullable(),
  unitId: z.number().nullable(),
  dataRequests: z.number().int(),
  status: z.number().int().nullable(),
  outcome: z.string(),
  latencyMs: z.number().int(),
  cause: z.string(),
  syncRunId: z.string().nullable(),
  user: z.string().nullable(),
  message: z.string().nullable(),
});
export type LedgerRow = z.infer<typeof ledgerRowSchema>;

/** The first `shown` codes and how many more there are: ["a","b","c"], 2 → "a, b +1". */
export function compactCodes(codes: readonly string[], shown = 3): string {
  if (codes.length === 0) return "—";
  const head = codes.slice(0, shown).join(", ");
  return codes.length > shown ? `${head} +${codes.length - shown}` : head;
}

/** 95,000 ms → "1 min 35 s"; null (not finished) → "—". */
export function formatDuration(ms: number | null): string {
  if (ms === null) return "—";
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;
}
