"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import {
  type AnchorHTMLAttributes,
  createContext,
  type FormEvent,
  type ReactNode,
  use,
  useCallback,
  useEffect,
  useRef,
  useState,
  useTransition,
} from "react";
import { useDelayedFlag } from "@/components/ui/use-delayed-flag";
import "./catalogue.css";

// The catalogue's controls change the URL (so a view can be bookmarked and shared) inside a React
// transition: the current rows stay on screen, marked busy, until the next ones are ready. Arrow
// keys on a select only move its value; the view follows when the keys rest, or on Enter or blur.
// Whether a load is under way is an attribute of the catalogue's own element, read by CSS, not a
// context value: a changing context would re-render and re-walk the whole page twice per load.

const NavigationContext = createContext<(href: string) => void>(() => {});
export const useCatalogueNavigation = () => use(NavigationContext);

export function CatalogueNavigation({ children }: { children: ReactNode }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  // Dimmed, with a spinner, only when a load takes long enough to notice.
  const slow = useDelayedFlag(pending);
  const navigate = useCallback(
    (href: string) => startTransition(() => router.push(href, { scroll: false })),
    [router],
  );
  return (
    <NavigationContext value={navigate}>
      <div className="catalogue-view" aria-busy={pending} data-loading={slow ? "slow" : undefined}>
        {children}
      </div>
    </NavigationContext>
  );
}

/** The part of the page that a navigation replaces: dimmed while a slow load runs. */
export function CatalogueResults({ children }: { children: ReactNode }) {
  return <div className="catalogue-results">{children}</div>;
}

/** The result count, or "Loading…" while the next view loads (the swap is CSS's, see above). */
export function LoadingStatus({ idle }: { idle: ReactNode }) {
  return (
    <p className="small muted" aria-live="polite">
      <span className="when-loading loading">Loading…</span>
      <span className="when-idle">{idle}</span>
    </p>
  );
}

/** A link that navigates within the transition (modified clicks open new tabs as usual). */
export function NavLink({ href, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const navigate = useCatalogueNavigation();
  return (
    <a
      href={href}
      {...rest}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
        e.preventDefault();
        navigate(href);
      }}
    />
  );
}

/** The current address with `changes` applied (null removes a parameter) and the page reset. */
function useHref() {
  const pathname = usePathname();
  const params = useSearchParams();
  return (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params.toString());
    for (const [k, v] of Object.entries(changes)) v ? next.set(k, v) : next.delete(k);
    next.delete("page");
    return `${pathname}?${next.toString()}`;
  };
}

const KEY_MOVES = new Set([
  "ArrowUp",
  "ArrowDown",
  "ArrowLeft",
  "ArrowRight",
  "Home",
  "End",
  "PageUp",
  "PageDown",
]);
const KEY_REST_MS = 400;

export function FacetSelect({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
}) {
  const navigate = useCatalogueNavigation();
  const href = useHref();
  const [selected, setSelected] = useState(value);
  const select = useRef<HTMLSelectElement>(null);
  const byKey = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => setSelected(value), [value]);
  const commit = (v: string) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (v !== value) navigate(href({ [name]: v || null }));
  };
  // A choice made before the page became interactive is applied once it is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on mount
  useEffect(() => {
    if (select.current && select.current.value !== value) commit(select.current.value);
    return () => clearTimeout(timer.current);
  }, []);
  const id = `facet-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        ref={select}
        id={id}
        value={selected}
        onKeyDown={(e) => {
          byKey.current = KEY_MOVES.has(e.key);
          if (e.key === "Enter") commit(e.currentTarget.value);
        }}
        onPointerDown={() => {
          byKey.current = false;
        }}
        onBlur={(e) => timer.current && commit(e.currentTarget.value)}
        onChange={(e) => {
          const v = e.target.value;
          setSelected(v);
          if (!byKey.current) return commit(v);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => commit(v), KEY_REST_MS);
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

/**
 * The search field: a GET form (works before the page is interactive), navigated in place after.
 * The field keeps the focus across a search; when the address changes the search some other way
 * (Clear all, Back), the field shows the new one unless the user is typing in it.
 */
export function SearchForm({ value, children }: { value: string; children: ReactNode }) {
  const navigate = useCatalogueNavigation();
  const href = useHref();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const field = form.current?.elements.namedItem("q");
    if (field instanceof HTMLInputElement && field !== document.activeElement && field.value !== value)
      field.value = value;
  }, [value]);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const q = String(new FormData(e.currentTarget).get("q") ?? "").trim();
    navigate(href({ q: q || null }));
  };
  return (
    <form ref={form} aria-label="Search the catalogue" method="get" className="row" onSubmit={submit}>
      {children}
    </form>
  );
}
