"use client";

import {
  createColumnHelper,
  createSortedRowModel,
  rowSortingFeature,
  type SortingState,
  sortFn_alphanumeric,
  sortFn_basic,
  tableFeatures,
  useTable,
} from "@tanstack/react-table";
import { useMemo, useState } from "react";

// Every dataset's quota in one sortable table: what is left, what Price Atlas spent, where the
// projection ends the period and when it runs out. Sorted by the projection first (worst on top).

export type DatasetQuotaRow = {
  service: string;
  dataset: string;
  remaining: number;
  total: number;
  spent: number;
  projectedRemaining: number;
  exhaustedAt: string | null;
  reportedAt: string;
};

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic },
});
const helper = createColumnHelper<typeof features, DatasetQuotaRow>();

const when = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })
    : "—";

const columns = helper.columns([
  helper.accessor("service", { header: "Service", sortFn: "alphanumeric" }),
  helper.accessor("dataset", { header: "Dataset", sortFn: "alphanumeric" }),
  helper.accessor("remaining", {
    header: "Remaining",
    sortFn: "basic",
    cell: (c) => `${c.getValue()} / ${c.row.original.total}`,
  }),
  helper.accessor("spent", { header: "Spent by Price Atlas", sortFn: "basic" }),
  helper.accessor("projectedRemaining", { header: "At period end", sortFn: "basic" }),
  helper.accessor((r) => r.exhaustedAt ?? "", {
    id: "exhaustedAt",
    header: "Runs out (UTC)",
    sortFn: "alphanumeric",
    cell: (c) => when(c.row.original.exhaustedAt),
  }),
  helper.accessor("reportedAt", {
    header: "Reported (UTC)",
    sortFn: "alphanumeric",
    cell: (c) => when(c.getValue()),
  }),
]);

export function DatasetQuotaTable({ rows }: { rows: DatasetQuotaRow[] }) {
  const [sorting, setSorting] = useState<SortingState>([{ id: "projectedRemaining", desc: false }]);
  const data = useMemo(() => rows, [rows]);
  const table = useTable({ features, columns, data, state: { sorting }, onSortingChange: setSorting });
  if (rows.length === 0) return null;
  return (
    <div className="table-scroll">
      <table className="data" aria-label="Quota per dataset">
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted ? (sorted === "asc" ? "ascending" : "descending") : undefined}
                  >
                    <button
                      type="button"
                      className="button ghost small"
                      onClick={header.column.getToggleSortingHandler()}
                    >
                      <table.FlexRender header={header} />
                      {sorted ? (sorted === "asc" ? " ▲" : " ▼") : ""}
                    </button>
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className={typeof cell.getValue() === "number" ? "mono" : undefined}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
