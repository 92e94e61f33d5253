"use client";

import {
  columnFilteringFeature,
  createColumnHelper,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  filterFn_includesString,
  globalFilteringFeature,
  type PaginationState,
  rowPaginationFeature,
  rowSortingFeature,
  type SortingState,
  sortFn_alphanumeric,
  sortFn_basic,
  tableFeatures,
  useTable,
} from "@tanstack/react-table";
import { useId, useMemo, useState } from "react";
import { formatDateTime } from "@/lib/domain/format";

// Every dataset's quota in one sortable, searchable, paged table: what the vendor says is left,
// what Price Atlas spent by its own ledger, where the projection ends the period and when it runs
// out. Sorted by the projection first (worst on top).

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
  columnFilteringFeature,
  globalFilteringFeature,
  rowPaginationFeature,
  sortedRowModel: createSortedRowModel(),
  filteredRowModel: createFilteredRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic },
  filterFns: { includesString: filterFn_includesString },
});
const helper = createColumnHelper<typeof features, DatasetQuotaRow>();

const PAGE_SIZES = [15, 30, 100];
const NUMERIC = new Set(["remaining", "spent", "projectedRemaining"]);

const columns = helper.columns([
  helper.accessor("dataset", { header: "Dataset", sortFn: "alphanumeric" }),
  helper.accessor("service", { header: "Service", sortFn: "alphanumeric" }),
  helper.accessor("remaining", {
    header: "Vendor: remaining",
    sortFn: "basic",
    cell: (c) => `${c.getValue().toLocaleString("en")} / ${c.row.original.total.toLocaleString("en")}`,
  }),
  helper.accessor("spent", {
    header: "Price Atlas spent this period",
    sortFn: "basic",
    cell: (c) => c.getValue().toLocaleString("en"),
  }),
  helper.accessor("projectedRemaining", {
    header: "At period end (projected)",
    sortFn: "basic",
    cell: (c) => c.getValue().toLocaleString("en"),
  }),
  helper.accessor((r) => r.exhaustedAt ?? "", {
    id: "exhaustedAt",
    header: "Runs out",
    sortFn: "alphanumeric",
    cell: (c) => formatDateTime(c.row.original.exhaustedAt),
  }),
  helper.accessor("reportedAt", {
    header: "Vendor's report",
    sortFn: "alphanumeric",
    cell: (c) => formatDateTime(c.getValue()),
  }),
]);

export function DatasetQuotaTable({ rows }: { rows: DatasetQuotaRow[] }) {
  const [sorting, setSorting] = useState<SortingState>([{ id: "projectedRemaining", desc: false }]);
  const [globalFilter, setGlobalFilter] = useState("");
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 15 });
  const searchId = useId();
  const sizeId = useId();
  const data = useMemo(() => rows, [rows]);
  const table = useTable({
    features,
    columns,
    data,
    state: { sorting, globalFilter, pagination },
    onSortingChange: setSorting,
    onGlobalFilterChange: setGlobalFilter,
    onPaginationChange: setPagination,
    globalFilterFn: "includesString",
    getColumnCanGlobalFilter: (column) => column.id === "service" || column.id === "dataset",
  });
  if (rows.length === 0) return null;
  const matching = table.getPrePaginatedRowModel().rows.length;
  const pages = Math.max(1, table.getPageCount());
  return (
    <div className="stack">
      <p className="small muted">
        <strong>Vendor: remaining</strong> is the vendor's own count from its latest data-limits report;{" "}
        <strong>Price Atlas spent this period</strong> is what this app's call ledger recorded. They need not
        add up to the total: the vendor also counts codes spent by anything else using the login, and codes
        spent after its report are not in its count yet.
      </p>
      <div className="row">
        <div className="field">
          <label htmlFor={searchId}>Filter datasets</label>
          <input
            id={searchId}
            type="search"
            placeholder="Dataset or service"
            value={globalFilter}
            onChange={(e) => {
              setGlobalFilter(e.target.value);
              setPagination((p) => ({ ...p, pageIndex: 0 }));
            }}
          />
        </div>
        <div className="field">
          <label htmlFor={sizeId}>Rows per page</label>
          <select
            id={sizeId}
            value={pagination.pageSize}
            onChange={(e) => setPagination({ pageIndex: 0, pageSize: Number(e.target.value) })}
          >
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      </div>
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
                      className={NUMERIC.has(header.column.id) ? "num" : undefined}
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
                  <td key={cell.id} className={NUMERIC.has(cell.column.id) ? "mono num" : undefined}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {matching === 0 ? (
        <p className="small muted">No dataset matches “{globalFilter}”.</p>
      ) : (
        <nav className="row small" aria-label="Dataset table pages">
          <button
            type="button"
            className="button"
            onClick={() => table.previousPage()}
            disabled={!table.getCanPreviousPage()}
          >
            ← Previous
          </button>
          <span aria-live="polite">
            Page {pagination.pageIndex + 1} of {pages} · {matching} dataset{matching === 1 ? "" : "s"}
          </span>
          <button
            type="button"
            className="button"
            onClick={() => table.nextPage()}
            disabled={!table.getCanNextPage()}
          >
            Next →
          </button>
        </nav>
      )}
    </div>
  );
}
