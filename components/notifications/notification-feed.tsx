"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { type ReactNode, useId, useState } from "react";
import { apiError, sendJson } from "@/components/ui/api";
import { ErrorAlert } from "@/components/ui/error-alert";
import { formatDateTime, formatMonth } from "@/lib/domain/format";
import type { NotificationFeed } from "@/lib/services/notifications";
import "./notifications.css";

type Item = NotificationFeed["items"][number];
type Series = Item["series"][number];

/** A digest shows this many series at first; a button shows the rest. */
const FIRST_SERIES = 5;

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
        {n.kind === "admin_alert" ? "Admin alert" : `Release ${formatMonth(n.releasePeriod ?? "")}`} ·{" "}
        <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
      </p>
      {n.series.length > 0 ? (
        <SeriesList series={n.series} />
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

const months = (list: string[]) => list.map(formatMonth).join(", ");

/** What changed in one series: each change with its own months, so none reads as another's. */
function SeriesChanges({ s }: { s: Series }) {
  const parts: { key: string; label: string; detail?: ReactNode; danger?: boolean }[] = [];
  for (const c of s.changes) {
    if (c === "new_data") parts.push({ key: c, label: "New data", detail: months(s.newMonths) || undefined });
    else if (c === "revised")
      parts.push({ key: c, label: "Revised", detail: months(s.revisedMonths) || undefined });
    else if (c === "discontinued")
      parts.push({
        key: c,
        label: "Discontinued",
        danger: true,
        detail: s.replacement ? (
          <>
            replaced by <Link href={s.replacement.href}>{s.replacement.code}</Link>
          </>
        ) : undefined,
      });
    else parts.push({ key: c, label: CHANGE_LABEL[c] ?? c });
  }
  // Months the vendor sent without a change kind of their own still show.
  if (!s.changes.includes("new_data") && s.newMonths.length > 0)
    parts.push({ key: "new_data", label: "New data", detail: months(s.newMonths) });
  if (!s.changes.includes("revised") && s.revisedMonths.length > 0)
    parts.push({ key: "revised", label: "Revised", detail: months(s.revisedMonths) });
  return (
    <span className="notification-changes small">
      {parts.map((p, i) => (
        <span key={p.key} className="notification-change">
          {i > 0 && <span aria-hidden="true"> · </span>}
          <span className={`badge ${p.danger ? "discontinued" : ""}`}>{p.label}</span>
          {p.detail && (
            <>
              <span className="visually-hidden">:</span> {p.detail}
            </>
          )}
        </span>
      ))}
    </span>
  );
}

/** The digest's series: the first few, and a button for all of them (none hidden unsaid). */
function SeriesList({ series }: { series: Series[] }) {
  const [all, setAll] = useState(false);
  const id = useId();
  const shown = all ? series : series.slice(0, FIRST_SERIES);
  return (
    <>
      <ul className="notification-series" id={id}>
        {shown.map((s) => (
          <li key={s.assessmentId}>
            <Link href={s.href}>
              <span className="mono">{s.code}</span> {s.assessment}
            </Link>
            <SeriesChanges s={s} />
          </li>
        ))}
      </ul>
      {series.length > FIRST_SERIES && (
        <div>
          <button
            type="button"
            className="button"
            aria-expanded={all}
            aria-controls={id}
            onClick={() => setAll(!all)}
          >
            {all ? `Show the first ${FIRST_SERIES} series only` : `Show all ${series.length} series`}
          </button>
        </div>
      )}
    </>
  );
}
