"use client";

import { usePathname } from "next/navigation";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";

// The navigation and the user's controls: in the header on wide screens, in a drawer behind a
// "Menu" button on narrow ones. Escape or a click outside closes the drawer and gives the focus back
// to the button; opening it moves the focus to its first link.

export function ShellMenu({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLDivElement>(null);
  const pathname = usePathname();

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);

  // A navigation closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path on purpose
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    drawer.current?.querySelector<HTMLElement>("a, button")?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") close(true);
    };
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!drawer.current?.contains(target) && !button.current?.contains(target)) close(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open, close]);

  return (
    <>
      <button
        ref={button}
        type="button"
        className="button shell-menu-button"
        aria-expanded={open}
        aria-controls="shell-drawer"
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <span aria-hidden="true">{open ? "✕" : "☰"}</span> Menu
      </button>
      <div ref={drawer} id="shell-drawer" className="shell-drawer" data-open={open}>
        {children}
      </div>
    </>
  );
}
