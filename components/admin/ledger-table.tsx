"use client";

import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { formatDateTime } from "@/lib/domain/format";
import { compactCodes, type LedgerRow } from "@/lib/domain/ledger";
import { type AdminFeatures, DataTable } from "./data-table";

const helper = createColumnHelper<AdminFeatures, LedgerRow>();

const columns = helper.columns([
  helper.accessor("at", {
    header: "Time",
    cell: (c) => <span className="mono small">{formatDateTime(c.getValue())}</span>,
  }),
  helper.accessor("operation", { header: "Operation" }),
  helper.accessor("service", { header: "Service", cell: (c) => c.getValue() ?? "—" }),
  helper.accessor("codes", {
    header: "Codes",
    cell: (c) => (
      <span className="mono small" title={c.getValue().join(", ")}>
        {compactCodes(c.getValue())}
      </span>
    ),
  }),
  helper.accessor("dataRequests", {
    header: "Data requests",
    cell: (c) => <span className="mono">{c.getValue()}</span>,
  }),
  helper.accessor("status", {
    header: "Status",
    cell: (c) => <span className="mono">{c.getValue() ?? "—"}</span>,
  }),
  helper.accessor("outcome", {
    header: "Outcome",
    cell: (c) => (
      <span
        className={`badge ${c.getValue() === "ok" ? "active" : "discontinued"}`}
        title={c.row.original.message ?? ""}
      >
        {c.getValue()}
      </span>
    ),
  }),
  helper.accessor("latencyMs", {
    header: "Latency",
    cell: (c) => <span className="mono">{c.getValue().toLocaleString()} ms</span>,
  }),
  helper.display({
    id: "cause",
    header: "Caused by",
    cell: ({ row }) => {
      const r = row.original;
      return (
        <span className="small">
          {r.syncRunId ? <Link href={`/admin/runs/${r.syncRunId}`}>{r.cause}</Link> : r.cause}
          {r.user ? ` · ${r.user}` : ""}
        </span>
      );
    },
  }),
]);

/** One page of the upstream call ledger. */
export function LedgerTable({ items }: { items: LedgerRow[] }) {
  return <DataTable label="Upstream calls" columns={columns} data={items} rowKey={(r) => r.id} />;
}
