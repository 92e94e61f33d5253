import "server-only";
import { auditQuerySchema } from "./audit-log";
import { ledgerQuerySchema } from "./ledger";
import type { Op } from "./openapi";
import { runsQuerySchema } from "./sync-runs";

// The admin API's reading views and the metrics endpoint (admins; /api, not /api/v1).
export const ADMIN_OPS: Op[] = [
  {
    method: "get",
    path: "/admin/calls",
    tag: "Admin",
    summary: "The upstream call ledger, newest first, with the filtered set's totals (admin)",
    query: ledgerQuerySchema,
    returns: "{items, total, page, pageSize, totals:{calls, dataRequests}}",
    outsideV1: true,
  },
  {
    method: "get",
    path: "/admin/sync/runs",
    tag: "Admin",
    summary: "Recent sync runs: plan, cost, duration, outcome, trigger (admin)",
    query: runsQuerySchema,
    returns: "{items, total, page, pageSize}",
    outsideV1: true,
  },
  {
    method: "get",
    path: "/admin/audit",
    tag: "Admin",
    summary: "The audit log, newest first (admin)",
    query: auditQuerySchema,
    returns: "{items:[{id, at, action, actor, target, details}], total, page, pageSize}",
    outsideV1: true,
  },
  {
    method: "get",
    path: "/metrics",
    tag: "Operations",
    summary: "Prometheus metrics (an admin session, or an admin's token with the metrics scope)",
    returns: "Prometheus text exposition format",
    text: "text/plain; version=0.0.4",
    outsideV1: true,
  },
];
