// Runs before every page and API request: security headers that depend on the request (a CSP
// nonce per page, HSTS over https), and for pages the redirect of anonymous visitors to the login
// page. Authorization is enforced on the server by every layout, page and route handler
// (requireUser, requireAdmin, the route wrapper); this only saves a round trip.
import { type NextFetchEvent, type NextRequest, NextResponse } from "next/server";
import { type NextRequestWithAuth, withAuth } from "next-auth/middleware";
import { env } from "@/lib/env";
import { contentSecurityPolicy, HSTS, newNonce, servedOverHttps } from "@/lib/http/security-headers";

function withHsts(request: NextRequest, response: NextResponse): NextResponse {
  const e = env();
  const https = servedOverHttps({
    requestProtocol: request.nextUrl.protocol,
    forwardedProto: request.headers.get("x-forwarded-proto"),
    trustedProxies: e.TRUSTED_PROXY_COUNT,
    publicUrl: e.NEXTAUTH_URL,
  });
  if (https) response.headers.set("strict-transport-security", HSTS);
  return response;
}

/** A page: Next.js reads the nonce from the request's CSP header and puts it on its scripts. */
function page(request: NextRequest): NextResponse {
  const csp = contentSecurityPolicy(newNonce(), env().NODE_ENV === "development");
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", csp);
  return withHsts(request, response);
}

const signedInPage = withAuth((request) => page(request), { pages: { signIn: "/login" } });

const PUBLIC_PAGES = new Set(["/login"]);

export default function proxy(request: NextRequest, event: NextFetchEvent) {
  const path = request.nextUrl.pathname;
  if (path.startsWith("/api/")) return withHsts(request, NextResponse.next());
  if (PUBLIC_PAGES.has(path)) return page(request);
  return signedInPage(request as NextRequestWithAuth, event);
}

export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico|robots.txt|.*\\.(?:svg|png|ico|css|js)$).*)"],
};
