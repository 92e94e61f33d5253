import "server-only";
import { z } from "zod";
import { listLedger } from "@/lib/db/ledger";
import { emailsById } from "@/lib/db/users";
import {
  LEDGER_MAX_PAGE_SIZE,
  LEDGER_TRIGGERS,
  type LedgerRow,
  UPSTREAM_OPERATIONS,
} from "@/lib/domain/ledger";
import { SERVICES } from "@/lib/domain/services";
import type { UpstreamErrorKind } from "@/lib/upstream/errors";
import { instantField, pageField, untilField, userIdOf } from "./admin-query";

// The upstream call ledger for admins: every call the app made to the vendor, filtered and paged
// on the server, with the totals of the filtered set.

// Every outcome the client records: "ok" or its error kind. A Record, so a new kind fails the
// type check here until it is listed (the filter then offers it).
const OUTCOMES: Record<UpstreamErrorKind | "ok", true> = {
  ok: true,
  rate_limited: true,
  quota_reached: true,
  unavailable: true,
  too_many_codes: true,
  bad_request: true,
  unauthorized: true,
  forbidden: true,
  not_found: true,
  bad_response: true,
  server_error: true,
  network: true,
  timeout: true,
  budget: true,
  window: true,
};

/** The outcomes the ledger's filter offers (no scan of the ledger needed). */
export const LEDGER_OUTCOMES = Object.keys(OUTCOMES) as [keyof typeof OUTCOMES, ...(keyof typeof OUTCOMES)[]];

export const ledgerQuerySchema = z
  .object({
    from: instantField.optional(),
    to: untilField.optional(),
    operation: z.enum(UPSTREAM_OPERATIONS).optional(),
    service: z.enum(SERVICES).optional(),
    outcome: z.enum(LEDGER_OUTCOMES).optional(),
    trigger: z.enum(LEDGER_TRIGGERS).optional(),
    /** the user (email or id) whose on-demand fetches caused the calls */
    user: z.string().trim().min(1).max(200).optional(),
    run: z.string().trim().min(1).max(40).optional(),
    page: pageField,
    pageSize: z.coerce.number().int().min(1).max(LEDGER_MAX_PAGE_SIZE).default(50),
  })
  .strict();
export type LedgerQuery = z.infer<typeof ledgerQuerySchema>;

export async function ledgerPage(q: LedgerQuery) {
  const { page, pageSize, user, run, ...filters } = q;
  const { rows, calls, dataRequests } = await listLedger(
    { ...filters, userId: await userIdOf(user), syncRunId: run },
    (page - 1) * pageSize,
    pageSize,
  );
  const emails = await emailsById([...new Set(rows.flatMap((r) => (r.userId ? [r.userId] : [])))]);
  const items: LedgerRow[] = rows.map((r) => ({
    id: String(r.id),
    at: r.at.toISOString(),
    service: r.service,
    operation: r.operation,
    codes: r.codes,
    currencyId: r.currencyId,
    unitId: r.unitId,
    dataRequests: r.dataRequests,
    status: r.status,
    outcome: r.outcome,
    latencyMs: r.latencyMs,
    cause: r.cause,
    syncRunId: r.syncRunId,
    user: r.userId ? (emails.get(r.userId) ?? r.userId) : null,
    message: r.message,
  }));
  return { items, total: calls, page, pageSize, totals: { calls, dataRequests } };
}
