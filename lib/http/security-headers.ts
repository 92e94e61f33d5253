import "server-only";
// Response headers that depend on the request: a Content-Security-Policy with a fresh nonce per
// page (Next.js puts it on its own scripts; nothing inline runs without it) and HSTS when the app
// is served over https. Static ones (Permissions-Policy, nosniff, framing) are in next.config.ts.

export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

export function contentSecurityPolicy(nonce: string, dev = false): string {
  return [
    "default-src 'self'",
    // 'strict-dynamic': scripts the nonced ones load may run; hosts and 'self' are ignored by
    // browsers that know it. Development needs eval for React's debugging tools.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // style attributes (React's style prop, the charts) need inline styles; scripts do not.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Whether the browser reached us over https: the URL the app was given, the request itself, or a
 * trusted proxy's X-Forwarded-Proto.
 */
export function servedOverHttps(opts: {
  requestProtocol: string;
  forwardedProto: string | null;
  trustedProxies: number;
  publicUrl?: string;
}): boolean {
  if (opts.publicUrl?.startsWith("https://")) return true;
  if (opts.requestProtocol === "https:") return true;
  return opts.trustedProxies > 0 && opts.forwardedProto?.split(",")[0]?.trim() === "https";
}
