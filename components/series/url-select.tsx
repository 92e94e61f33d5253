"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";

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
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const id = `select-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(e) => {
          const next = new URLSearchParams(params.toString());
          if (e.target.value) next.set(name, e.target.value);
          else next.delete(name);
          for (const r of resets) next.delete(r);
          router.push(`${pathname}?${next.toString()}`);
        }}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
