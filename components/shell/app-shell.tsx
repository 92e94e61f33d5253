import Link from "next/link";
import type { ReactNode } from "react";
import { SignOutButton } from "@/components/auth/sign-out-button";
import type { SessionUser } from "@/lib/domain/roles";
import { type NavItem, NavLinks } from "./nav-links";
import { NotificationBell } from "./notification-bell";
import { QuotaAlertBanner, type ShellQuotaAlert } from "./quota-alert-banner";
import { ShellMenu } from "./shell-menu";
import "./shell.css";

const AREAS: NavItem[] = [
  { href: "/catalogue", label: "Catalogue" },
  { href: "/compare", label: "Compare" },
  { href: "/location-factors", label: "Location factors" },
  { href: "/tools", label: "Tools" },
  { href: "/forecast-accuracy", label: "Forecast accuracy" },
  { href: "/bookmarks", label: "Bookmarks" },
];

export function AppShell({
  user,
  quotaAlerts = [],
  unread = 0,
  children,
}: {
  user: SessionUser;
  /** admins: quota thresholds crossed this period */
  quotaAlerts?: ShellQuotaAlert[];
  /** unread notifications of the user, for the bell */
  unread?: number;
  children: ReactNode;
}) {
  const items = user.role === "admin" ? [...AREAS, { href: "/admin", label: "Admin" }] : AREAS;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shell-header">
        <Link href="/" className="shell-brand" prefetch={false}>
          <span aria-hidden="true">◈</span> Price Atlas
        </Link>
        <ShellMenu>
          <NavLinks items={items} />
          <div className="shell-user">
            <Link
              href="/account"
              prefetch={false}
              data-testid="signed-in-user"
              aria-label={`Your account (${user.email})`}
            >
              {user.name ?? user.email}
            </Link>
            <span className="badge accent">{user.role}</span>
            <SignOutButton />
          </div>
        </ShellMenu>
        {/* Outside the menu: the unread count stays in sight on narrow screens too. */}
        <NotificationBell unread={unread} />
      </header>
      <main id="main" tabIndex={-1} className="shell-main">
        {user.role === "admin" && <QuotaAlertBanner alerts={quotaAlerts} />}
        {children}
      </main>
    </>
  );
}
