"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { apiError, sendJson } from "@/components/ui/api";
import { ErrorAlert } from "@/components/ui/error-alert";
import type { listBookmarks } from "@/lib/services/bookmarks";

type Lists = Awaited<ReturnType<typeof listBookmarks>>;

export function BookmarkLists({ lists }: { lists: Lists }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const call = async (url: string, method: string, body?: unknown) => {
    const failure = await apiError(await sendJson(url, method, body));
    setError(failure);
    if (!failure) router.refresh();
  };
  const create = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    await call("/api/v1/bookmarks", "POST", {
      name: String(form.get("name")),
      shared: form.get("shared") === "on",
    });
    e.currentTarget.reset();
  };
  return (
    <div className="stack">
      <form className="row card" onSubmit={create} aria-label="New list">
        <div className="field">
          <label htmlFor="list-name">New list name</label>
          <input id="list-name" name="name" required maxLength={100} />
        </div>
        <label className="row">
          <input type="checkbox" name="shared" /> Shared with everyone
        </label>
        <button className="button" type="submit">
          Create list
        </button>
      </form>
      <ErrorAlert message={error} />
      {lists.length === 0 && (
        <p className="empty">No lists yet. Create one, or bookmark a series from the catalogue.</p>
      )}
      {lists.map((l) => (
        <section key={l.id} className="card" aria-label={`List ${l.name}`}>
          <h2>
            {l.name} {l.shared && <span className="badge">shared</span>}
          </h2>
          <p className="small muted">
            {l.mine ? "Your list" : `By ${l.owner}`} · {l.items.length} series
          </p>
          {l.editable && (
            <div className="row">
              <button
                type="button"
                className="button"
                onClick={() => call(`/api/v1/bookmarks/${l.id}`, "PATCH", { shared: !l.shared })}
              >
                {l.shared ? "Make private" : "Share with everyone"}
              </button>
              <button
                type="button"
                className="button"
                onClick={() => call(`/api/v1/bookmarks/${l.id}`, "DELETE")}
              >
                Delete list
              </button>
            </div>
          )}
          {l.mine && l.shared && (
            <form
              className="row"
              aria-label={`Editors of ${l.name}`}
              onSubmit={(e) => {
                e.preventDefault();
                const value = String(new FormData(e.currentTarget).get("editors") ?? "");
                const editors = value
                  .split(",")
                  .map((s) => s.trim())
                  .filter(Boolean);
                void call(`/api/v1/bookmarks/${l.id}`, "PATCH", { editors });
              }}
            >
              <label className="small" htmlFor={`editors-${l.id}`}>
                Editors (emails, comma-separated)
              </label>
              <input id={`editors-${l.id}`} name="editors" defaultValue={l.editors.join(", ")} />
              <button type="submit" className="button">
                Save editors
              </button>
            </form>
          )}
          {l.items.length === 0 ? (
            <p className="empty">Empty: use “Bookmark” on a series.</p>
          ) : (
            <ul>
              {l.items.map((i) => (
                <li key={i.id} className="row">
                  <Link href={`/series/${i.service}/${i.code}`}>
                    <span className="mono">{i.code}</span> {i.assessment}
                  </Link>
                  {i.isNew && <span className="badge new">new since your last visit</span>}
                  {i.status === "discontinued" && <span className="badge">discontinued</span>}
                  <span className="small muted">updated {i.updatedAt ?? "—"}</span>
                  {l.editable && (
                    <button
                      type="button"
                      className="button"
                      aria-label={`Remove ${i.code} from ${l.name}`}
                      onClick={() => call(`/api/v1/bookmarks/${l.id}/items/${i.id}`, "DELETE")}
                    >
                      Remove
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
