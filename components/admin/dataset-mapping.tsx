"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiError, sendJson } from "@/components/ui/api";
import { ErrorAlert } from "@/components/ui/error-alert";

export type CoverageRow = {
  service: string;
  coverage: string;
  dataset: string | null;
  assessments: number;
  source: string | null;
  evidence: string | null;
};

const SOURCE_LABELS: Record<string, string> = {
  report_key: "report key is the country",
  record_field: "named in the records",
  single_key: "the report's only key",
  observed: "observed after a call",
  admin: "set by an admin",
};

/** Each country's quota dataset as learned, with a control to correct it (keys of the vendor's report only). */
export function DatasetMapping({
  rows,
  keys,
}: {
  rows: CoverageRow[];
  keys: { service: string; dataset: string }[];
}) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const change = async (row: CoverageRow, dataset: string) => {
    setBusy(`${row.service}|${row.coverage}`);
    const res = dataset
      ? await sendJson("/api/admin/datasets", "PUT", {
          service: row.service,
          coverage: row.coverage,
          dataset,
        })
      : await sendJson("/api/admin/datasets", "DELETE", { service: row.service, coverage: row.coverage });
    setError(await apiError(res));
    setBusy(null);
    if (res.ok) router.refresh();
  };
  if (rows.length === 0)
    return <p className="empty">No catalogue yet: the first sync lists the countries.</p>;
  return (
    <div className="stack">
      <ErrorAlert message={error} />
      <div className="table-scroll">
        <table aria-label="Quota datasets by country">
          <thead>
            <tr>
              <th scope="col">Service</th>
              <th scope="col">Country</th>
              <th scope="col">Assessments</th>
              <th scope="col">Quota dataset</th>
              <th scope="col">How it was learned</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const id = `${row.service}|${row.coverage}|${row.dataset ?? ""}`;
              const options = keys.filter((k) => k.service === row.service);
              return (
                <tr key={id}>
                  <td>{row.service}</td>
                  <td>{row.coverage}</td>
                  <td className="mono">{row.assessments}</td>
                  <td>
                    <select
                      aria-label={`Quota dataset of ${row.coverage} (${row.service})`}
                      value={row.source === "admin" ? (row.dataset ?? "") : ""}
                      disabled={busy === `${row.service}|${row.coverage}`}
                      onChange={(e) => void change(row, e.target.value)}
                    >
                      <option value="">
                        {row.dataset ? `${row.dataset} (learned)` : "unknown — learn at next sync"}
                      </option>
                      {options.map((k) => (
                        <option key={k.dataset} value={k.dataset}>
                          {k.dataset}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="small">
                    {row.dataset === null ? (
                      <span className="warn-text">Unknown: {row.evidence}</span>
                    ) : (
                      <>
                        {SOURCE_LABELS[row.source ?? ""] ?? row.source}
                        {row.evidence ? ` — ${row.evidence}` : ""}
                      </>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
