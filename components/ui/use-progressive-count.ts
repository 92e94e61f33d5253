"use client";

import { useEffect, useState } from "react";

/**
 * How many of `items` to render now. The first render (the server's HTML) has them all; when the
 * list changes, the first `first` — a screenful — are rendered at once and the rest once the browser
 * has painted those, a frame later. The rows a reader looks at first are on screen sooner; the
 * ones below follow before anyone can scroll to them.
 */
export function useProgressiveCount(items: readonly unknown[], first: number): number {
  const [complete, setComplete] = useState(items);
  const done = complete === items;
  useEffect(() => {
    if (done) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A task after the next frame: the first rows are painted before the rest are rendered.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setComplete(items), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [done, items]);
  return done ? items.length : Math.min(first, items.length);
}
