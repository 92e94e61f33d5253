import "server-only";
import { createHash } from "node:crypto";

// JSON answers of the API, serialised once per answer object. Services hand out the same object
// for as long as it sits in their read cache (lib/services/read-cache.ts), so serialising and
// hashing happen once per cached answer instead of once per request, and a client that already
// has the answer gets 304 Not Modified without a body. (Compression stays with the server: Next.js
// drops a route's own Content-Encoding and would compress the body a second time.)

type Serialised = { body: string; etag: string };

const serialised = new WeakMap<object, Serialised>();

/** Frozen answers (the read cache freezes what it keeps) are serialised once; others every time. */
function serialise(value: object): Serialised {
  const known = serialised.get(value);
  if (known) return known;
  const body = JSON.stringify(value);
  const entry = { body, etag: `"${createHash("sha1").update(body).digest("base64url")}"` };
  if (Object.isFrozen(value)) serialised.set(value, entry);
  return entry;
}

/** Whether `If-None-Match` names `etag` (or `*`); weak validators compare by their opaque part. */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(",")
    .map((t) => t.trim().replace(/^W\//, ""))
    .some((t) => t === "*" || t === etag);
}

/**
 * A 200 JSON response for `value` (or 304 when the client's copy is current). Answers may change
 * at the next sync, so clients revalidate every time (`no-cache`) — cheaply, by ETag.
 */
export function jsonResponse(request: Request, value: object): Response {
  const entry = serialise(value);
  const headers = new Headers({
    "content-type": "application/json",
    etag: entry.etag,
    "cache-control": "private, no-cache",
  });
  if (etagMatches(request.headers.get("if-none-match"), entry.etag))
    return new Response(null, { status: 304, headers });
  return new Response(entry.body, { headers });
}
