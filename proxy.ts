// The proxy only redirects anonymous visitors of pages to the login page. Authorization is
// enforced on the server by every layout, page and route handler (requireUser, requireAdmin).
import { withAuth } from "next-auth/middleware";

export default withAuth({ pages: { signIn: "/login" } });

export const config = {
  matcher: [
    "/((?!api|login|_next/static|_next/image|favicon.ico|robots.txt|.*\\.(?:svg|png|ico|css|js)$).*)",
  ],
};
