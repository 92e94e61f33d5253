import Link from "next/link";
import { formatDateTime } from "@/lib/domain/format";

export type UnplannedItem = {
  service: string;
  code: string;
  assessment: string;
  coverage: string;
  dataset: string | null;
  reason: string;
  since: string | null;
};

/** Assessments the sync could not load, each with the reason it gave. */
export function UnplannedTable({ items, total }: { items: UnplannedItem[]; total: number }) {
  if (items.length === 0) return <p className="empty">Every listed assessment is loaded or planned.</p>;
  return (
    <div className="table-scroll">
      <table aria-label="Assessments not loaded">
        <thead>
          <tr>
            <th scope="col">Code</th>
            <th scope="col">Assessment</th>
            <th scope="col">Country</th>
            <th scope="col">Reason</th>
            <th scope="col">Since</th>
          </tr>
        </thead>
        <tbody>
          {items.map((i) => (
            <tr key={`${i.service}|${i.code}`}>
              <td className="mono">
                <Link href={`/series/${i.service}/${i.code}`}>{i.code}</Link>
              </td>
              <td>{i.assessment}</td>
              <td>{i.coverage}</td>
              <td className="small">{i.reason}</td>
              <td className="small">{i.since ? formatDateTime(i.since) : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {total > items.length && (
        <p className="small muted">
          Showing {items.length} of {total}.
        </p>
      )}
    </div>
  );
}
