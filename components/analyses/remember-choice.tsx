"use client";

import { useEffect } from "react";

/** Keeps a choice (e.g. the base country) in a cookie so the page opens with it next time. */
export function RememberChoice({ name, value }: { name: string; value: string }) {
  useEffect(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie, read by the server page
    document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=31536000; samesite=lax`;
  }, [name, value]);
  return null;
}
