import "server-only";

// A page's own controls (a currency, a range, a transform) reload it in place: the browser asks
// for the same path with other parameters, from that path, by fetch. Such a reload can leave out
// what only the first paint needs — the chart the server draws as SVG until the browser's own is
// drawn: the browser's chart is already on screen and redraws itself.

type RequestHeaders = { get(name: string): string | null };

/** Whether this request is a reload of `path` by the page at `path` itself (not a document load). */
export function isInPageReload(headers: RequestHeaders, path: string): boolean {
  // A document (a reload, a new tab, a link from elsewhere) always gets the whole page.
  if (headers.get("sec-fetch-dest") !== "empty") return false;
  const referer = headers.get("referer");
  if (!referer) return false;
  try {
    return decodeURIComponent(new URL(referer).pathname) === decodeURIComponent(path);
  } catch {
    return false;
  }
}
