"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { compactCodes } from "@/lib/domain/ledger";
import type { BatchItem } from "@/lib/services/sync-runs";
import { type AdminFeatures, DataTable } from "./data-table";

const helper = createColumnHelper<AdminFeatures, BatchItem>();

const columns = helper.columns([
  helper.accessor("seq", { header: "#", cell: (c) => <span className="mono">{c.getValue() + 1}</span> }),
  helper.accessor("service", { header: "Service" }),
  helper.accessor("operation", { header: "Operation" }),
  helper.accessor("codes", {
    header: "Codes",
    cell: (c) => (
      <span className="mono small" title={c.getValue().join(", ")}>
        {compactCodes(c.getValue())}
      </span>
    ),
  }),
  helper.accessor("status", { header: "Status" }),
  helper.accessor("dataRequests", { header: "Data requests" }),
  helper.accessor("observations", { header: "Observations" }),
  helper.accessor("message", {
    header: "Message",
    cell: (c) => <span className="small">{c.getValue() ?? ""}</span>,
  }),
]);

export function BatchesTable({ items }: { items: BatchItem[] }) {
  return <DataTable label="Batches" columns={columns} data={items} rowKey={(b) => String(b.seq)} />;
}
