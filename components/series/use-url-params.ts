"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTransition } from "react";
import { useDelayedFlag } from "@/components/ui/use-delayed-flag";

/**
 * Changes some of the page's URL parameters inside a transition: the current view stays on screen
 * until the next one is ready, `pending` says a load is under way and `slow` that it has lasted
 * long enough to show a spinner.
 */
export function useUrlParams() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [pending, startTransition] = useTransition();
  const slow = useDelayedFlag(pending);
  const hrefWith = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params.toString());
    for (const [k, v] of Object.entries(changes)) v ? next.set(k, v) : next.delete(k);
    return `${pathname}?${next.toString()}`;
  };
  const setParams = (changes: Record<string, string | null>) =>
    startTransition(() => router.push(hrefWith(changes), { scroll: false }));
  return { pending, slow, setParams, hrefWith };
}
