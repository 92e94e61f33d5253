"use client";

import { useState } from "react";
import { apiError, sendJson } from "@/components/ui/api";

export type ListChannelChoices = {
  available: { email: boolean; webhook: boolean };
  lists: Record<string, { email: boolean; webhook: boolean }>;
};

/**
 * Which outgoing channels this user wants for one list. In-app notifications are always on; email
 * goes to the account's address; the webhook is the company's (an admin sets it up).
 */
export function ListChannels({
  listId,
  listName,
  choices,
}: {
  listId: string;
  listName: string;
  choices: ListChannelChoices;
}) {
  const [value, setValue] = useState(choices.lists[listId] ?? { email: false, webhook: false });
  const [message, setMessage] = useState<string | null>(null);
  const { available } = choices;
  if (!available.email && !available.webhook)
    return <p className="small muted">Notified in the app about this list's series.</p>;
  const change = async (next: typeof value) => {
    setValue(next);
    const failure = await apiError(await sendJson(`/api/v1/bookmarks/${listId}/notifications`, "PUT", next));
    setMessage(failure ?? "Saved.");
    if (failure) setValue(value);
  };
  return (
    <fieldset className="row small">
      <legend>Notify me about {listName}: in the app, and</legend>
      {available.email && (
        <label className="row">
          <input
            type="checkbox"
            checked={value.email}
            onChange={(e) => change({ ...value, email: e.target.checked })}
            aria-label={`Email me about ${listName}`}
          />
          by email
        </label>
      )}
      {available.webhook && (
        <label className="row">
          <input
            type="checkbox"
            checked={value.webhook}
            onChange={(e) => change({ ...value, webhook: e.target.checked })}
            aria-label={`Send ${listName} changes to the company webhook`}
          />
          to the company webhook
        </label>
      )}
      <span role="status" className="muted">
        {message}
      </span>
    </fieldset>
  );
}
