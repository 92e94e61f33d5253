import "server-only";

// Where a login may send the user afterwards: a path on this site, never another origin. The value
// is resolved with the URL API against a placeholder origin (as a browser would resolve it), so
// backslashes, tabs, encoded slashes and scheme tricks are judged the way they would be followed.
const BASE = "http://price-atlas.invalid";

export function safeCallbackPath(value: string | string[] | undefined | null): string {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return "/";
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return "/";
  }
  if (url.origin !== BASE) return "/";
  // "/.//evil" resolves to the path "//evil", which a browser reads as another host.
  const path = url.pathname.replace(/^\/+/, "/");
  return `${path}${url.search}${url.hash}`;
}
