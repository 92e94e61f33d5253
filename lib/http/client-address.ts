import "server-only";
// Who is on the other end of a request. The server stamps the socket's address on every request it
// receives (see peer-stamp.ts), overwriting anything a client sent under that name. X-Forwarded-For
// is believed only as far as the configured number of proxies in front of the app: each proxy
// appends the address it saw, so the client is the entry `trustedProxies` places from the right.

export const PEER_HEADER = "x-price-atlas-peer";

type HeaderSource = { get(name: string): string | null };

/** The client address, or null when the server did not stamp one (not served by our server). */
export function clientAddress(headers: HeaderSource, trustedProxies: number): string | null {
  const peer = headers.get(PEER_HEADER)?.trim() || null;
  if (!peer || trustedProxies <= 0) return peer;
  const forwarded = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  // The chain as the app sees it: what the proxies forwarded, then the proxy that connected to us.
  const chain = [...forwarded, peer];
  return chain[Math.max(0, chain.length - 1 - trustedProxies)] ?? peer;
}

/** Headers as a plain record (next-auth hands them over that way) → a `get`-able source. */
export function headerSource(record: Record<string, unknown> | undefined): HeaderSource {
  return {
    get(name) {
      const value = record?.[name] ?? record?.[name.toLowerCase()];
      if (value === undefined || value === null) return null;
      return Array.isArray(value) ? String(value[0]) : String(value);
    },
  };
}

export function isLoopback(address: string | null): boolean {
  if (!address) return false;
  const a = address.replace(/^::ffff:/, "");
  return a === "::1" || a === "127.0.0.1" || a.startsWith("127.");
}
