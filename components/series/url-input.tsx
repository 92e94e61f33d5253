"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";

/** A labelled input (e.g. a month) whose value lives in the URL, applied when it changes. */
export function UrlInput({
  name,
  label,
  value,
  type = "month",
}: {
  name: string;
  label: string;
  value: string;
  type?: "month" | "date" | "text";
}) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const id = `input-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        defaultValue={value}
        onChange={(e) => {
          const v = e.target.value;
          if (v && !e.target.checkValidity()) return;
          const next = new URLSearchParams(params.toString());
          if (v) next.set(name, v);
          else next.delete(name);
          router.push(`${pathname}?${next.toString()}`);
        }}
      />
    </div>
  );
}
