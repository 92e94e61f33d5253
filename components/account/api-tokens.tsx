"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { apiError, sendJson } from "@/components/ui/api";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { ErrorAlert } from "@/components/ui/error-alert";
import type { myApiTokens } from "@/lib/services/api-tokens";

type Token = Awaited<ReturnType<typeof myApiTokens>>[number];
const day = (d: Date | string | null) => (d ? new Date(d).toISOString().slice(0, 10) : "—");

export function ApiTokens({ tokens, admin }: { tokens: Token[]; admin: boolean }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);

  const create = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    const days = String(form.get("expires"));
    const res = await sendJson("/api/v1/tokens", "POST", {
      name: String(form.get("name")),
      expiresInDays: days === "never" ? null : Number(days),
      scopes: String(form.get("scopes")).split(","),
    });
    const failure = await apiError(res);
    setError(failure);
    if (failure) return;
    const body = (await res.json()) as { name: string; token: string };
    setCreated({ name: body.name, token: body.token });
    formEl.reset();
    router.refresh();
  };
  const revoke = async (t: Token) => {
    const failure = await apiError(await sendJson(`/api/v1/tokens/${t.id}`, "DELETE"));
    setError(failure);
    if (!failure) router.refresh();
  };

  return (
    <div className="stack">
      <form className="row card" onSubmit={create} aria-label="Create an API token">
        <div className="field">
          <label htmlFor="token-name">Token name</label>
          <input id="token-name" name="name" required maxLength={60} placeholder="e.g. monthly report" />
        </div>
        <div className="field">
          <label htmlFor="token-expires">Expires</label>
          <select id="token-expires" name="expires" defaultValue="90">
            <option value="30">in 30 days</option>
            <option value="90">in 90 days</option>
            <option value="365">in a year</option>
            <option value="never">never (until revoked)</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="token-scopes">May</label>
          <select id="token-scopes" name="scopes" defaultValue="read">
            <option value="read">read</option>
            <option value="read,write">read and change bookmarks</option>
            {admin && <option value="read,admin">read and use the admin API</option>}
            {admin && <option value="metrics">scrape metrics only (Prometheus)</option>}
          </select>
        </div>
        <button className="button primary" type="submit" style={{ alignSelf: "flex-end" }}>
          Create token
        </button>
      </form>
      <ErrorAlert message={error} />
      {created && (
        <div className="card stack" role="status">
          <label htmlFor="new-token">Token “{created.name}” — copy it now; it is not shown again.</label>
          <input id="new-token" readOnly value={created.token} onFocus={(e) => e.currentTarget.select()} />
          <p className="small muted">
            Send it as <code>Authorization: Bearer …</code> to any <code>/api/v1</code> endpoint.
          </p>
        </div>
      )}
      {tokens.length === 0 ? (
        <p className="empty">No API tokens yet. Create one to call the API from a script or a spreadsheet.</p>
      ) : (
        <table className="data">
          <caption className="visually-hidden">Your API tokens</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Starts with</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">Scopes</th>
              <th scope="col">Expires</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tokens.map((t) => (
              <tr key={t.id}>
                <td>{t.name}</td>
                <td>
                  <code>{t.prefix}…</code>
                </td>
                <td>{day(t.createdAt)}</td>
                <td>{day(t.lastUsedAt)}</td>
                <td>{t.scopes.join(", ")}</td>
                <td>{t.expiresAt ? day(t.expiresAt) : "never"}</td>
                <td>
                  <ConfirmButton
                    label="Revoke"
                    className="button small danger"
                    accessibleName={`Revoke ${t.name}`}
                    question={`Revoke “${t.name}”? Scripts using it stop working.`}
                    confirmLabel={`Revoke ${t.name} now`}
                    onConfirm={() => revoke(t)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
