"use client";

import { useState } from "react";
import { apiError, sendJson } from "@/components/ui/api";

/** "Bookmark to <list>" for one series; reports what happened in a live region. */
export function BookmarkButton({
  service,
  code,
  lists,
  compact = false,
}: {
  service: string;
  code: string;
  lists: { id: string; name: string }[];
  compact?: boolean;
}) {
  const [listId, setListId] = useState(lists[0]?.id ?? "");
  const [state, setState] = useState<"idle" | "saving" | "saved" | string>("idle");
  const save = async () => {
    setState("saving");
    const failure = await apiError(
      await sendJson(`/api/v1/bookmarks/${listId}/items`, "POST", { service, code }),
    );
    setState(failure ?? "saved");
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
        className="button"
        aria-label={`Bookmark ${code}`}
        onClick={save}
        disabled={!listId || state === "saving"}
      >
        {state === "saved" ? "Bookmarked ✓" : "Bookmark"}
      </button>
      <span role="status" className="small muted">
        {state !== "idle" && state !== "saving" && state !== "saved" ? state : ""}
      </span>
    </span>
  );
}
