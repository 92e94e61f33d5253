"use client";

import { useEffect, useState } from "react";

/**
 * True once `on` has stayed true for `delayMs`. A loading indicator that moves (a spinner, a fade)
 * makes the browser draw a frame every few milliseconds while the next view renders, which slows
 * that render; most loads finish sooner than the delay, so they show no motion at all.
 */
export function useDelayedFlag(on: boolean, delayMs = 300): boolean {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!on) return setLate(false);
    const timer = setTimeout(() => setLate(true), delayMs);
    return () => clearTimeout(timer);
  }, [on, delayMs]);
  return on && late;
}
