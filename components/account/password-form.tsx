"use client";

import { signOut } from "next-auth/react";
import { type FormEvent, useState } from "react";
import { apiError, sendJson } from "@/components/ui/api";
import { ErrorAlert } from "@/components/ui/error-alert";

/** Change your own password; every session ends, so you sign in again with the new one. */
export function PasswordForm() {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    if (form.get("newPassword") !== form.get("repeat")) return setError("The new passwords differ.");
    setPending(true);
    const failure = await apiError(
      await sendJson("/api/v1/account/password", "POST", {
        currentPassword: String(form.get("currentPassword")),
        newPassword: String(form.get("newPassword")),
      }),
    );
    setPending(false);
    setError(failure);
    if (!failure) await signOut({ callbackUrl: "/login" });
  };

  return (
    <form className="stack card" onSubmit={submit} aria-label="Change your password">
      <div className="field">
        <label htmlFor="current-password">Current password</label>
        <input
          id="current-password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
        />
      </div>
      <div className="field">
        <label htmlFor="new-password">New password (at least 12 characters)</label>
        <input
          id="new-password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          minLength={12}
          required
        />
      </div>
      <div className="field">
        <label htmlFor="repeat-password">New password again</label>
        <input id="repeat-password" name="repeat" type="password" autoComplete="new-password" required />
      </div>
      <ErrorAlert message={error} />
      <button className="button primary" type="submit" disabled={pending}>
        Change password
      </button>
    </form>
  );
}

/** Ends every session of yours, this one too. */
export function SignOutEverywhere() {
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    const failure = await apiError(
      await sendJson("/api/v1/account/sessions", "POST", { signOut: "everywhere" }),
    );
    setError(failure);
    if (!failure) await signOut({ callbackUrl: "/login" });
  };
  return (
    <div className="stack">
      <button type="button" className="button" onClick={run}>
        Sign out everywhere
      </button>
      <ErrorAlert message={error} />
    </div>
  );
}
