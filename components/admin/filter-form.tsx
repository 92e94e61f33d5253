"use client";

import { usePathname, useSearchParams } from "next/navigation";
import type { FormEvent, ReactNode } from "react";
import { useCatalogueNavigation } from "@/components/catalogue/catalogue-navigation";

/**
 * Free-text and date filters of an admin list: a GET form (works before the page is interactive)
 * that, once it is, navigates in place keeping the other filters and going back to page 1.
 */
export function FilterForm({
  label,
  names,
  children,
}: {
  label: string;
  names: string[];
  children: ReactNode;
}) {
  const navigate = useCatalogueNavigation();
  const pathname = usePathname();
  const params = useSearchParams();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const next = new URLSearchParams(params.toString());
    for (const name of names) {
      const v = String(form.get(name) ?? "").trim();
      v ? next.set(name, v) : next.delete(name);
    }
    next.delete("page");
    navigate(`${pathname}?${next.toString()}`);
  };
  return (
    <form aria-label={label} method="get" className="row" onSubmit={submit}>
      {[...params.entries()]
        .filter(([k]) => !names.includes(k) && k !== "page")
        .map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
      {children}
      <button type="submit" className="button">
        Apply
      </button>
    </form>
  );
}
