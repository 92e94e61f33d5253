"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { apiError, sendJson } from "@/components/ui/api";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { ErrorAlert } from "@/components/ui/error-alert";
import type { listBookmarks } from "@/lib/services/bookmarks";
import { type ListChannelChoices, ListChannels } from "./list-channels";
import { compareHref, ListValues } from "./list-values";

type Lists = Awaited<ReturnType<typeof listBookmarks>>;
type List = Lists[number];
type Call = (url: string, method: string, body?: unknown) => Promise<boolean>;

const MAX_COMPARE = 10;

export function BookmarkLists({ lists, channels }: { lists: Lists; channels?: ListChannelChoices }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const call: Call = async (url, method, body) => {
    const failure = await apiError(await sendJson(url, method, body));
    setError(failure);
    if (!failure) router.refresh();
    return !failure;
  };
  const create = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const ok = await call("/api/v1/bookmarks", "POST", {
      name: String(data.get("name")),
      shared: data.get("shared") === "on",
    });
    if (ok) form.reset();
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
        <BookmarkList key={l.id} list={l} call={call} channels={channels} />
      ))}
    </div>
  );
}

function BookmarkList({
  list: l,
  call,
  channels,
}: {
  list: List;
  call: Call;
  channels?: ListChannelChoices;
}) {
  const [renaming, setRenaming] = useState(false);
  const rename = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const name = String(new FormData(e.currentTarget).get("name"));
    if (await call(`/api/v1/bookmarks/${l.id}`, "PATCH", { name })) setRenaming(false);
  };
  return (
    <section className="card stack" aria-label={`List ${l.name}`}>
      {renaming ? (
        <form className="row" onSubmit={rename} aria-label={`Rename ${l.name}`}>
          <div className="field">
            <label htmlFor={`rename-${l.id}`}>List name</label>
            <input
              id={`rename-${l.id}`}
              name="name"
              defaultValue={l.name}
              required
              maxLength={100}
              ref={(field) => field?.focus()}
            />
          </div>
          <button className="button primary" type="submit">
            Save name
          </button>
          <button className="button" type="button" onClick={() => setRenaming(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <h2>
          {l.name} {l.shared && <span className="badge">shared</span>}
        </h2>
      )}
      <p className="small muted">
        {l.mine ? "Your list" : `By ${l.owner}`} · {l.items.length} series
      </p>
      {channels && <ListChannels listId={l.id} listName={l.name} choices={channels} />}
      <div className="row">
        {l.items.length > 0 && (
          <Link className="button" href={compareHref(l.items, MAX_COMPARE)}>
            {l.items.length > MAX_COMPARE ? `Open the first ${MAX_COMPARE} in Compare` : "Open in Compare"}
          </Link>
        )}
        {l.editable && (
          <>
            {!renaming && (
              <button type="button" className="button" onClick={() => setRenaming(true)}>
                Rename
              </button>
            )}
            <button
              type="button"
              className="button"
              onClick={() => call(`/api/v1/bookmarks/${l.id}`, "PATCH", { shared: !l.shared })}
            >
              {l.shared ? "Make private" : "Share with everyone"}
            </button>
            <ConfirmButton
              label="Delete list"
              question={`Delete the list “${l.name}” and its ${l.items.length} bookmarks?`}
              confirmLabel="Delete"
              onConfirm={async () => {
                await call(`/api/v1/bookmarks/${l.id}`, "DELETE");
              }}
            />
          </>
        )}
      </div>
      {l.mine && l.shared && <EditorsForm list={l} call={call} />}
      {l.items.length === 0 ? (
        <p className="empty">Empty: use “Bookmark” on a series.</p>
      ) : (
        <ListValues
          label={`Latest values in ${l.name}`}
          items={l.items}
          action={(i) =>
            l.editable && (
              <button
                type="button"
                className="button small"
                aria-label={`Remove ${i.code} from ${l.name}`}
                onClick={() => call(`/api/v1/bookmarks/${l.id}/items/${i.id}`, "DELETE")}
              >
                Remove
              </button>
            )
          }
        />
      )}
    </section>
  );
}

/** Who may change a shared list besides its owner: the owner's choice. */
function EditorsForm({ list: l, call }: { list: List; call: Call }) {
  return (
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
  );
}
