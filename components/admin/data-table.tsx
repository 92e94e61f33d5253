"use client";

import { type ColumnDef, type RowData, tableFeatures, useTable } from "@tanstack/react-table";

// The admin lists' table: TanStack Table with manual (server-side) paging, so the browser only
// ever holds one page; the page and the filters live in the URL.

export const adminTableFeatures = tableFeatures({});
export type AdminFeatures = typeof adminTableFeatures;

export function DataTable<Row extends RowData>({
  label,
  columns,
  data,
  rowKey,
}: {
  label: string;
  // biome-ignore lint/suspicious/noExplicitAny: each column has its own value type
  columns: ColumnDef<AdminFeatures, Row, any>[];
  data: Row[];
  rowKey: (row: Row) => string;
}) {
  const table = useTable({ features: adminTableFeatures, columns, data, getRowId: rowKey });
  return (
    <div className="table-scroll">
      <table className="data" aria-label={label}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  <table.FlexRender header={header} />
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id}>
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
