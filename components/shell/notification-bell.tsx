import Link from "next/link";

/** The shell's link to the notifications page, with the unread count (read on each page load). */
export function NotificationBell({ unread }: { unread: number }) {
  const label = unread > 0 ? `Notifications, ${unread} unread` : "Notifications, none unread";
  return (
    <Link href="/notifications" className="shell-bell" aria-label={label} data-testid="notification-bell">
      <span aria-hidden="true">🔔</span>
      {unread > 0 && (
        <span className="badge accent" aria-hidden="true" data-testid="unread-count">
          {unread > 99 ? "99+" : unread}
        </span>
      )}
    </Link>
  );
}
