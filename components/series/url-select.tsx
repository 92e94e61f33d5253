"use client";

import { PendingStatus } from "./pending-status";
import { useUrlParams } from "./use-url-params";

/** A labelled select whose value lives in the URL (so the view can be bookmarked and shared). */
export function UrlSelect({
  name,
  label,
  value,
  options,
  resets = [],
}: {
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  /** parameters to drop when this one changes (e.g. the page number) */
  resets?: string[];
}) {
  const { pending, slow, setParams } = useUrlParams();
  const id = `select-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        aria-busy={pending}
        onChange={(e) =>
          setParams({ [name]: e.target.value || null, ...Object.fromEntries(resets.map((r) => [r, null])) })
        }
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <PendingStatus pending={pending} slow={slow} />
    </div>
  );
}
