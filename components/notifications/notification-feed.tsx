"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiError, sendJson } from "@/components/ui/api";
import { ErrorAlert } from "@/components/ui/error-alert";
import type { NotificationFeed } from "@/lib/services/notifications";
import "./notifications.css";

type Item = NotificationFeed["items"][number];

const CHANGE_LABEL: Record<string, string> = {
  new_data: "New data",
  revised: "Revised",
  discontinued: "Discontinued",
};

export function NotificationFeedView({ feed, unreadOnly }: { feed: NotificationFeed; unreadOnly: boolean }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const markRead = async (body: { ids: string[] } | { all: true }) => {
    const failure = await apiError(await sendJson("/api/v1/notifications/read", "POST", body));
    setError(failure);
    if (!failure) router.refresh();
  };
  const pages = Math.max(1, Math.ceil(feed.total / feed.pageSize));
  const href = (page: number, unread = unreadOnly) =>
    `/notifications?${new URLSearchParams({ ...(unread ? { unread: "true" } : {}), page: String(page) })}`;
  return (
    <div className="stack">
      <div className="row">
        <span role="status" data-testid="feed-unread">
          {feed.unread === 0 ? "All read." : `${feed.unread} unread`}
        </span>
        <Link className="button" href={href(1, !unreadOnly)}>
          {unreadOnly ? "Show all" : "Show unread only"}
        </Link>
        {feed.unread > 0 && (
          <button type="button" className="button primary" onClick={() => markRead({ all: true })}>
            Mark all read
          </button>
        )}
      </div>
      <ErrorAlert message={error} />
      {feed.items.length === 0 ? (
        <div className="empty">
          <h2>{unreadOnly ? "Nothing unread" : "No notifications yet"}</h2>
          <p>
            When a release brings new data, revisions or discontinuations for a series in one of your lists, a
            digest appears here. <Link href="/bookmarks">Your lists</Link>
          </p>
        </div>
      ) : (
        <ul className="notification-feed">
          {feed.items.map((n) => (
            <NotificationEntry key={n.id} item={n} onRead={() => markRead({ ids: [n.id] })} />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="row" aria-label="Notification pages">
          {feed.page > 1 && <Link href={href(feed.page - 1)}>Newer</Link>}
          <span>
            Page {feed.page} of {pages}
          </span>
          {feed.page < pages && <Link href={href(feed.page + 1)}>Older</Link>}
        </nav>
      )}
    </div>
  );
}

function NotificationEntry({ item: n, onRead }: { item: Item; onRead: () => void }) {
  const unread = !n.readAt;
  return (
    <li className={`card stack notification${unread ? " unread" : ""}`} aria-label={n.subject}>
      <div className="row">
        {unread && <span className="badge new">unread</span>}
        <strong>{n.subject}</strong>
      </div>
      <p className="small muted">
        {n.kind === "admin_alert" ? "Admin alert" : `Release ${n.releasePeriod}`} ·{" "}
        <time dateTime={n.createdAt}>{n.createdAt.slice(0, 16).replace("T", " ")} UTC</time>
      </p>
      {n.series.length > 0 ? (
        <ul className="notification-series">
          {n.series.map((s) => (
            <li key={s.assessmentId}>
              <Link href={s.href}>
                {s.code} {s.assessment}
              </Link>{" "}
              {s.changes.map((c) => (
                <span key={c} className={`badge ${c === "discontinued" ? "discontinued" : ""}`}>
                  {CHANGE_LABEL[c] ?? c}
                </span>
              ))}
              {s.newMonths.length > 0 && <span className="small"> {s.newMonths.join(", ")}</span>}
              {s.revisedMonths.length > 0 && (
                <span className="small"> revised: {s.revisedMonths.join(", ")}</span>
              )}
              {s.replacement && (
                <span className="small">
                  {" "}
                  → replaced by <Link href={s.replacement.href}>{s.replacement.code}</Link>
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="notification-text">{n.summary}</p>
      )}
      {unread && (
        <div>
          <button type="button" className="button" onClick={onRead} aria-label={`Mark read: ${n.subject}`}>
            Mark read
          </button>
        </div>
      )}
    </li>
  );
}
