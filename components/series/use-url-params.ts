"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTransition } from "react";

/**
 * Changes some of the page's URL parameters inside a transition: the current view stays on screen
 * until the next one is ready, and `pending` says a load is under way.
 */
export function useUrlParams() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [pending, startTransition] = useTransition();
  const hrefWith = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params.toString());
    for (const [k, v] of Object.entries(changes)) v ? next.set(k, v) : next.delete(k);
    return `${pathname}?${next.toString()}`;
  };
  const setParams = (changes: Record<string, string | null>) =>
    startTransition(() => router.push(hrefWith(changes), { scroll: false }));
  return { pending, setParams, hrefWith };
}
