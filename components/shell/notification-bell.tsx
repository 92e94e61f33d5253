import Link from "next/link";

/** The shell's link to the notifications page, with the unread count (read on each page load). */
export function NotificationBell({ unread }: { unread: number }) {
  const label = unread > 0 ? `Notifications, ${unread} unread` : "Notifications, none unread";
  return (
    <Link
      href="/notifications"
      prefetch={false}
      className="shell-bell"
      aria-label={label}
      data-testid="notification-bell"
    >
      <svg
        aria-hidden="true"
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {unread > 0 && (
        <span className="badge accent" aria-hidden="true" data-testid="unread-count">
          {unread > 99 ? "99+" : unread}
        </span>
      )}
    </Link>
  );
}
