"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { apiError, sendJson } from "@/components/ui/api";

/** Asks the vendor's data-limits report now (one call per service). */
export function RefreshLimitsButton() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const refresh = async () => {
    setBusy(true);
    setMessage(null);
    const res = await sendJson("/api/admin/limits/refresh", "POST", {});
    const error = await apiError(res);
    setBusy(false);
    setMessage(error ?? "Report received.");
    if (!error) router.refresh();
  };
  return (
    <div className="row">
      <button type="button" className="button" onClick={refresh} disabled={busy}>
        {busy ? "Asking the vendor…" : "Refresh the vendor's report"}
      </button>
      <span role="status" className="small">
        {message}
      </span>
    </div>
  );
}

/** The percentages of a quota used at which admins are warned. */
export function ThresholdsForm({ thresholds }: { thresholds: number[] }) {
  const router = useRouter();
  const [message, setMessage] = useState<string | null>(null);
  const save = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const raw = String(new FormData(e.currentTarget).get("thresholds") ?? "");
    const values = raw
      .split(/[\s,;%]+/)
      .filter(Boolean)
      .map(Number);
    const res = await sendJson("/api/admin/quota/thresholds", "PUT", { thresholds: values });
    const error = await apiError(res);
    setMessage(error ?? "Saved.");
    if (!error) router.refresh();
  };
  return (
    <form className="row" onSubmit={save} aria-label="Quota thresholds">
      <div className="field">
        <label htmlFor="quota-thresholds">Warn at (percent used, comma-separated)</label>
        <input id="quota-thresholds" name="thresholds" defaultValue={thresholds.join(", ")} required />
      </div>
      <button className="button" type="submit">
        Save thresholds
      </button>
      <span role="status" className="small">
        {message}
      </span>
    </form>
  );
}
