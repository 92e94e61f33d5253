"use client";

import { useState } from "react";
import { apiError, sendJson } from "@/components/ui/api";

type Target = { id: string; name: string; items?: Record<string, string> };

/**
 * "Bookmark" for one series: a toggle (aria-pressed) showing whether the chosen list holds it;
 * pressing it again removes the bookmark. Reports failures in a live region.
 */
export function BookmarkButton({
  service,
  code,
  lists,
  compact = false,
}: {
  service: string;
  code: string;
  lists: Target[];
  compact?: boolean;
}) {
  const key = `${service}:${code}`;
  const [listId, setListId] = useState(lists[0]?.id ?? "");
  // list id → bookmark item id, for the lists that hold this series.
  const [held, setHeld] = useState<Record<string, string>>(() =>
    Object.fromEntries(lists.flatMap((l) => (l.items?.[key] ? [[l.id, l.items[key]]] : []))),
  );
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState("");
  const itemId = held[listId];
  const toggle = async () => {
    setBusy(true);
    const res = itemId
      ? await sendJson(`/api/v1/bookmarks/${listId}/items/${itemId}`, "DELETE")
      : await sendJson(`/api/v1/bookmarks/${listId}/items`, "POST", { service, code });
    const failure = await apiError(res.clone());
    if (!failure) {
      const created = itemId ? null : ((await res.json()) as { id: string });
      setHeld(({ [listId]: _, ...rest }) => (created ? { ...rest, [listId]: created.id } : rest));
    }
    setMessage(failure ?? (itemId ? `Removed from ${listName(lists, listId)}.` : ""));
    setBusy(false);
  };
  return (
    <span className="row">
      {!compact && lists.length > 1 && (
        <select
          aria-label={`Bookmark list for ${code}`}
          value={listId}
          onChange={(e) => setListId(e.target.value)}
        >
          {lists.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </select>
      )}
      <button
        type="button"
        className={`button${itemId ? " saved" : ""}`}
        aria-label={`Bookmark ${code}`}
        aria-pressed={Boolean(itemId)}
        title={
          itemId ? `In ${listName(lists, listId)}: press to remove` : `Add to ${listName(lists, listId)}`
        }
        onClick={toggle}
        disabled={!listId || busy}
      >
        {itemId ? "Bookmarked ✓" : "Bookmark"}
      </button>
      <span role="status" className="small muted">
        {message}
      </span>
    </span>
  );
}

const listName = (lists: Target[], id: string) => lists.find((l) => l.id === id)?.name ?? "the list";
