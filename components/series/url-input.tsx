"use client";

import { PendingStatus } from "./pending-status";
import { useUrlParams } from "./use-url-params";

/** A labelled input (e.g. a month) whose value lives in the URL, applied when it changes. */
export function UrlInput({
  name,
  label,
  value,
  type = "month",
  resets = [],
}: {
  name: string;
  label: string;
  value: string;
  type?: "month" | "date" | "text";
  /** parameters to drop when this one changes (a preset the typed value replaces) */
  resets?: string[];
}) {
  const { pending, slow, setParams } = useUrlParams();
  const id = `input-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        defaultValue={value}
        aria-busy={pending}
        onChange={(e) => {
          const v = e.target.value;
          if (v && !e.target.checkValidity()) return;
          setParams({ [name]: v || null, ...Object.fromEntries(resets.map((r) => [r, null])) });
        }}
      />
      <PendingStatus pending={pending} slow={slow} />
    </div>
  );
}
