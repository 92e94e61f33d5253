"use client";

import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { AUDIT_ACTION_LABELS, type AuditAction, auditTargetHref } from "@/lib/domain/audit";
import { formatDateTime } from "@/lib/domain/format";
import type { AuditRow } from "@/lib/services/audit-log";
import { type AdminFeatures, DataTable } from "./data-table";

const helper = createColumnHelper<AdminFeatures, AuditRow>();

/** Details as short `key: value` pairs (they never hold secrets: scrubbed when written). */
function detailText(details: unknown): string {
  if (typeof details !== "object" || details === null) return "";
  return Object.entries(details)
    .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`)
    .join(" · ");
}

const columns = helper.columns([
  helper.accessor("at", {
    header: "Time",
    cell: (c) => <span className="mono small">{formatDateTime(c.getValue())}</span>,
  }),
  helper.accessor("action", {
    header: "Action",
    cell: (c) => (
      <span title={c.getValue()}>{AUDIT_ACTION_LABELS[c.getValue() as AuditAction] ?? c.getValue()}</span>
    ),
  }),
  helper.accessor("actor", { header: "By", cell: (c) => c.getValue() ?? "—" }),
  helper.accessor("target", {
    header: "Target",
    cell: (c) => {
      const target = c.getValue();
      const href = auditTargetHref(c.row.original.action, target);
      return (
        <span className="small">
          {href ? (
            <Link href={href} className={c.row.original.action === "sync.start" ? "mono" : undefined}>
              {target}
            </Link>
          ) : (
            (target ?? "—")
          )}
        </span>
      );
    },
  }),
  helper.accessor("details", {
    header: "Details",
    cell: (c) => <span className="small">{detailText(c.getValue())}</span>,
  }),
]);

export function AuditTable({ items }: { items: AuditRow[] }) {
  return <DataTable label="Audit log" columns={columns} data={items} rowKey={(r) => r.id} />;
}
