"use client";

import { createColumnHelper, tableFeatures, useTable } from "@tanstack/react-table";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useMemo, useState } from "react";
import { BookmarkButton } from "@/components/bookmarks/bookmark-button";
import { useProgressiveCount } from "@/components/ui/use-progressive-count";
import { unitLabel } from "@/lib/domain/format";
import type { CatalogueItem } from "@/lib/services/catalogue";
import { NavLink } from "./catalogue-navigation";

// The catalogue grid. Sorting and paging happen on the server (the URL holds them), so the table
// stays fast at 50,000 rows: the browser only ever holds one page. Row links are not prefetched:
// a page of rows would send dozens of requests the moment it shows, competing with the user's
// next search on the server.

const features = tableFeatures({});
/** Rows rendered first when the results change: more than a tall screen shows. */
const FIRST_ROWS = 20;
const helper = createColumnHelper<typeof features, CatalogueItem>();

const SORTABLE: Record<string, string> = {
  code: "code",
  assessment: "assessment",
  commodity: "commodity",
  coverage: "coverage",
  location: "location",
  upstreamUpdatedAt: "updated",
};

export function CatalogueTable({
  items,
  lists,
  sort,
  dir,
}: {
  items: CatalogueItem[];
  lists: { id: string; name: string }[];
  sort: string;
  dir: "asc" | "desc";
}) {
  const params = useSearchParams();
  const pathname = usePathname();
  const [picked, setPicked] = useState<string[]>([]);
  // Rebuilt only when the selection or the lists change.
  const columns = useMemo(
    () =>
      helper.columns([
        helper.display({
          id: "pick",
          header: () => <span className="visually-hidden">Compare</span>,
          cell: ({ row }) => {
            const key = `${row.original.service}:${row.original.code}`;
            return (
              <input
                type="checkbox"
                aria-label={`Select ${row.original.code} for comparison`}
                checked={picked.includes(key)}
                onChange={(e) =>
                  setPicked((p) => (e.target.checked ? [...p, key].slice(-10) : p.filter((k) => k !== key)))
                }
              />
            );
          },
        }),
        helper.accessor("code", {
          header: "Code",
          cell: (c) => (
            <Link
              className="mono"
              href={`/series/${c.row.original.service}/${c.getValue()}`}
              prefetch={false}
            >
              {c.getValue()}
            </Link>
          ),
        }),
        helper.accessor("assessment", {
          header: "Assessment",
          cell: (c) => (
            <Link href={`/series/${c.row.original.service}/${c.row.original.code}`} prefetch={false}>
              {c.getValue()}
            </Link>
          ),
        }),
        helper.accessor("commodity", { header: "Commodity" }),
        helper.accessor("coverage", { header: "Country" }),
        helper.accessor("location", { header: "Location" }),
        helper.accessor((r) => unitLabel(r.defaultCurrency, r.defaultUnit), {
          id: "units",
          header: "Currency / unit",
        }),
        helper.accessor("status", {
          header: "Status",
          cell: (c) => <span className={`badge ${c.getValue()}`}>{c.getValue()}</span>,
        }),
        helper.accessor("upstreamUpdatedAt", {
          header: "Updated",
          cell: (c) => <span className="mono">{c.getValue() ?? "—"}</span>,
        }),
        helper.display({
          id: "bookmark",
          header: () => <span className="visually-hidden">Bookmark</span>,
          // Keyed by series: its saved state belongs to the series, not to the row it shows in.
          cell: ({ row }) => (
            <BookmarkButton
              key={row.id}
              service={row.original.service}
              code={row.original.code}
              lists={lists}
              compact
            />
          ),
        }),
      ]),
    [picked, lists],
  );
  const table = useTable({ features, columns, data: items, getRowId: (r) => `${r.service}:${r.code}` });
  // A new page of results: a screenful of rows at once, the rest a frame later.
  const shown = useProgressiveCount(items, FIRST_ROWS);
  const sortHref = (key: string) => {
    const next = new URLSearchParams(params.toString());
    next.set("sort", key);
    next.set("dir", sort === key && dir === "asc" ? "desc" : "asc");
    next.delete("page");
    return `${pathname}?${next.toString()}`;
  };
  return (
    <>
      <div className="row">
        <Link
          className={`button${picked.length ? "" : " disabled"}`}
          aria-disabled={!picked.length}
          href={picked.length ? `/compare?s=${picked.join(",")}` : "#"}
        >
          Compare selected ({picked.length})
        </Link>
      </div>
      <div className="table-scroll">
        <table className="data">
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const key = SORTABLE[header.column.id];
                  const active = key === sort;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : undefined}
                    >
                      {key ? (
                        <NavLink href={sortHref(key)}>
                          <table.FlexRender header={header} />
                          {active ? (dir === "asc" ? " ▲" : " ▼") : ""}
                        </NavLink>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {/* Rows keyed by position: the next search's rows reuse these elements and only their
                text changes (the bookmark button, which holds state, is keyed by series). */}
            {table
              .getRowModel()
              .rows.slice(0, shown)
              .map((row) => (
                <tr key={row.index}>
                  {row.getAllCells().map((cell) => (
                    <td key={cell.column.id}>
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
