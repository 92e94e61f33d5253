"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";

/** The sync settings an admin can change: the on-demand reserve and how long variants stay fresh. */
export function SettingsForm({ reserve, retention }: { reserve: number; retention: number }) {
  const router = useRouter();
  const [message, setMessage] = useState<string | null>(null);
  const save = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const res = await fetch("/api/admin/settings", {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        onDemandReserve: Number(form.get("reserve")),
        variantRetentionDays: Number(form.get("retention")),
      }),
    });
    const body = (await res.json()) as { error?: { message: string } };
    setMessage(res.ok ? "Saved." : (body.error?.message ?? "Failed"));
    if (res.ok) router.refresh();
  };
  return (
    <form className="row" onSubmit={save} aria-label="Sync settings">
      <div className="field">
        <label htmlFor="reserve">On-demand reserve (codes per dataset)</label>
        <input
          id="reserve"
          name="reserve"
          type="number"
          min={0}
          max={10000}
          defaultValue={reserve}
          required
        />
      </div>
      <div className="field">
        <label htmlFor="retention">Keep extra currency/unit renderings fresh for (days)</label>
        <input
          id="retention"
          name="retention"
          type="number"
          min={1}
          max={365}
          defaultValue={retention}
          required
        />
      </div>
      <button className="button" type="submit">
        Save settings
      </button>
      <span role="status" className="small">
        {message}
      </span>
    </form>
  );
}
