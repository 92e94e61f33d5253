"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { apiError, sendJson } from "@/components/ui/api";
import { formatDateTime } from "@/lib/domain/format";

export type UserRow = {
  id: string;
  email: string;
  name: string | null;
  role: "viewer" | "admin";
  disabled: boolean;
  lastLoginAt: string | null;
};

async function send(url: string, method: string, body: unknown): Promise<string | null> {
  return apiError(await sendJson(url, method, body));
}

export function UsersPanel({ users, currentUserId }: { users: UserRow[]; currentUserId: string }) {
  const router = useRouter();
  const [message, setMessage] = useState<{ kind: "ok" | "danger"; text: string } | null>(null);
  // A disabled account can be enabled again from the message, at once.
  const [undo, setUndo] = useState<{ label: string; run: () => Promise<void> } | null>(null);
  const [resetting, setResetting] = useState<string | null>(null);

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formEl = event.currentTarget;
    const form = new FormData(formEl);
    const error = await send("/api/admin/users", "POST", {
      email: form.get("email"),
      name: form.get("name") || null,
      password: form.get("password"),
      role: form.get("role"),
    });
    setMessage(
      error ? { kind: "danger", text: error } : { kind: "ok", text: `Created ${form.get("email")}.` },
    );
    if (!error) {
      formEl.reset();
      router.refresh();
    }
  }

  async function patch(user: UserRow, body: Record<string, unknown>, done: string): Promise<boolean> {
    const error = await send(`/api/admin/users/${user.id}`, "PATCH", body);
    setMessage(error ? { kind: "danger", text: error } : { kind: "ok", text: done });
    setUndo(null);
    if (!error) router.refresh();
    return !error;
  }

  async function toggleDisabled(user: UserRow) {
    const disabling = !user.disabled;
    const ok = await patch(
      user,
      { disabled: disabling },
      `${disabling ? "Disabled" : "Enabled"} ${user.email}.`,
    );
    if (ok && disabling)
      setUndo({
        label: `Undo: enable ${user.email} again`,
        run: async () => {
          await patch(user, { disabled: false }, `Enabled ${user.email}.`);
        },
      });
  }

  async function resetPassword(event: FormEvent<HTMLFormElement>, user: UserRow) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password"));
    if (await patch(user, { password }, `Set a new password for ${user.email}.`)) setResetting(null);
  }

  return (
    <div className="stack">
      {message && (
        <div className="row">
          <div role={message.kind === "danger" ? "alert" : "status"} className={`alert ${message.kind}`}>
            {message.text}
          </div>
          {undo && (
            <button type="button" className="button" onClick={undo.run}>
              {undo.label}
            </button>
          )}
        </div>
      )}
      <form className="card row" onSubmit={create} aria-label="Add a user">
        <div className="field">
          <label htmlFor="new-email">Email</label>
          <input id="new-email" name="email" type="email" required />
        </div>
        <div className="field">
          <label htmlFor="new-name">Name</label>
          <input id="new-name" name="name" type="text" />
        </div>
        <div className="field">
          <label htmlFor="new-password">Password</label>
          <input id="new-password" name="password" type="password" minLength={8} required />
        </div>
        <div className="field">
          <label htmlFor="new-role">Role</label>
          <select id="new-role" name="role" defaultValue="viewer">
            <option value="viewer">viewer</option>
            <option value="admin">admin</option>
          </select>
        </div>
        <button className="button primary" type="submit" style={{ alignSelf: "flex-end" }}>
          Add user
        </button>
      </form>
      <div className="card" style={{ padding: 0, overflowX: "auto" }}>
        <table className="data">
          <thead>
            <tr>
              <th>Email</th>
              <th>Name</th>
              <th>Role</th>
              <th>Status</th>
              <th>Last sign-in</th>
              <th>
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((u) => (
              <tr key={u.id}>
                <td>{u.email}</td>
                <td>{u.name ?? "—"}</td>
                <td>
                  <span className={`badge ${u.role === "admin" ? "accent" : ""}`}>{u.role}</span>
                </td>
                <td>
                  {u.disabled ? (
                    <span className="badge danger">disabled</span>
                  ) : (
                    <span className="badge ok">active</span>
                  )}
                </td>
                <td className="small">{u.lastLoginAt ? formatDateTime(u.lastLoginAt) : "never"}</td>
                <td className="row">
                  {u.id !== currentUserId && (
                    <>
                      <button
                        type="button"
                        className="button small"
                        aria-label={`Make ${u.email} ${u.role === "admin" ? "a viewer" : "an admin"}`}
                        onClick={() =>
                          patch(
                            u,
                            { role: u.role === "admin" ? "viewer" : "admin" },
                            `Changed the role of ${u.email}.`,
                          )
                        }
                      >
                        {u.role === "admin" ? "Make viewer" : "Make admin"}
                      </button>
                      <button
                        type="button"
                        className="button small danger"
                        aria-label={`${u.disabled ? "Enable" : "Disable"} ${u.email}`}
                        onClick={() => toggleDisabled(u)}
                      >
                        {u.disabled ? "Enable" : "Disable"}
                      </button>
                      {resetting === u.id ? (
                        <form
                          className="row"
                          aria-label={`Password reset for ${u.email}`}
                          onSubmit={(e) => resetPassword(e, u)}
                        >
                          <input
                            name="password"
                            type="password"
                            aria-label={`New password for ${u.email}`}
                            autoComplete="new-password"
                            minLength={8}
                            maxLength={200}
                            required
                            ref={(field) => field?.focus()}
                          />
                          <button type="submit" className="button small primary">
                            Set password
                          </button>
                          <button type="button" className="button small" onClick={() => setResetting(null)}>
                            Cancel
                          </button>
                        </form>
                      ) : (
                        <button
                          type="button"
                          className="button small"
                          aria-label={`Reset the password of ${u.email}`}
                          onClick={() => setResetting(u.id)}
                        >
                          Reset password
                        </button>
                      )}
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
