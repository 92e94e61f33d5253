"use client";

import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { formatDateTime } from "@/lib/domain/format";
import { formatDuration } from "@/lib/domain/ledger";
import type { RunListItem } from "@/lib/services/sync-runs";
import { type AdminFeatures, DataTable } from "./data-table";

const helper = createColumnHelper<AdminFeatures, RunListItem>();

const columns = helper.columns([
  helper.accessor("startedAt", {
    header: "Started",
    cell: (c) => (
      <Link href={`/admin/runs/${c.row.original.id}`} className="mono small">
        {formatDateTime(c.getValue())}
      </Link>
    ),
  }),
  helper.accessor("status", {
    header: "Outcome",
    cell: (c) => (
      <span className={`badge ${c.getValue() === "done" ? "active" : "discontinued"}`}>
        {c.getValue().replace("_", " ")}
      </span>
    ),
  }),
  helper.accessor((r) => `${r.trigger}${r.requestedBy ? ` · ${r.requestedBy}` : ""}`, {
    id: "trigger",
    header: "Started by",
  }),
  helper.accessor((r) => r.plannedDataRequests, {
    id: "plan",
    header: "Plan",
    cell: ({ row }) =>
      row.original.plannedCalls === null
        ? "—"
        : `${row.original.plannedCalls} calls · ${row.original.plannedDataRequests} data requests`,
  }),
  helper.accessor("dataRequests", {
    header: "Spent",
    cell: ({ row }) => (
      <span className="mono">
        {row.original.calls} calls · {row.original.dataRequests} (min {row.original.minimumDataRequests})
      </span>
    ),
  }),
  helper.accessor("durationMs", { header: "Duration", cell: (c) => formatDuration(c.getValue()) }),
  helper.accessor("observations", {
    header: "Observations",
    cell: (c) => <span className="mono">{c.getValue().toLocaleString()}</span>,
  }),
]);

/** Recent sync runs; each opens to its batches and calls. */
export function RunsTable({ items }: { items: RunListItem[] }) {
  return <DataTable label="Sync runs" columns={columns} data={items} rowKey={(r) => r.id} />;
}
