"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { apiError, sendJson } from "@/components/ui/api";
import type { ChannelSettingsView } from "@/lib/domain/notification-channels";

/** Email (SMTP) and webhook settings; secrets are write-only (blank keeps the stored one). */
export function NotificationChannelsForm({ settings }: { settings: ChannelSettingsView }) {
  const router = useRouter();
  const [message, setMessage] = useState<string | null>(null);
  const [testing, setTesting] = useState<string | null>(null);
  const { email, webhook } = settings;
  const save = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const text = (name: string) => String(f.get(name) ?? "").trim();
    const secret = (name: string, clear: string) => (f.get(clear) === "on" ? "" : text(name) || undefined);
    const failure = await apiError(
      await sendJson("/api/admin/notifications", "PUT", {
        email: {
          enabled: f.get("email-enabled") === "on",
          host: text("smtp-host"),
          port: Number(text("smtp-port") || 587),
          secure: f.get("smtp-secure") === "on",
          username: text("smtp-user"),
          password: secret("smtp-password", "smtp-password-clear"),
          from: text("smtp-from"),
        },
        webhook: {
          enabled: f.get("webhook-enabled") === "on",
          url: text("webhook-url"),
          secret: secret("webhook-secret", "webhook-secret-clear"),
        },
      }),
    );
    setMessage(failure ?? "Saved.");
    if (failure) return;
    // Secrets are write-only: once stored, the fields go blank again ("blank keeps it").
    for (const name of ["smtp-password", "webhook-secret"]) {
      const field = form.elements.namedItem(name);
      if (field instanceof HTMLInputElement) field.value = "";
    }
    router.refresh();
  };
  const test = async (channel: "email" | "webhook") => {
    setTesting(`Sending a test ${channel} message…`);
    const res = await sendJson("/api/admin/notifications/test", "POST", { channel });
    const failure = await apiError(res);
    setTesting(failure ?? `Test ${channel} message sent.`);
    router.refresh();
  };
  return (
    <form className="stack" onSubmit={save} aria-label="Notification channels">
      <fieldset className="card stack">
        <legend>Email (SMTP)</legend>
        <label className="row">
          <input type="checkbox" name="email-enabled" defaultChecked={email.enabled} /> Send email
          notifications
        </label>
        <div className="row">
          <Field id="smtp-host" label="SMTP host" defaultValue={email.host} />
          <Field id="smtp-port" label="SMTP port" defaultValue={String(email.port)} type="number" />
          <label className="row">
            <input type="checkbox" name="smtp-secure" defaultChecked={email.secure} /> TLS from the start
            (port 465)
          </label>
        </div>
        <div className="row">
          <Field id="smtp-user" label="SMTP user name" defaultValue={email.username} autoComplete="off" />
          <Field
            id="smtp-password"
            label={`SMTP password (${email.passwordSet ? "set; blank keeps it" : "not set"})`}
            type="password"
            autoComplete="new-password"
          />
          {email.passwordSet && (
            <label className="row">
              <input type="checkbox" name="smtp-password-clear" /> Remove the password
            </label>
          )}
        </div>
        <Field id="smtp-from" label="Sender address" defaultValue={email.from} type="email" />
        <div>
          <button type="button" className="button" onClick={() => test("email")} disabled={!email.enabled}>
            Send a test email to me
          </button>
        </div>
      </fieldset>
      <fieldset className="card stack">
        <legend>Company webhook</legend>
        <label className="row">
          <input type="checkbox" name="webhook-enabled" defaultChecked={webhook.enabled} /> Post to a webhook
        </label>
        <Field id="webhook-url" label="Webhook URL" defaultValue={webhook.url} type="url" />
        <div className="row">
          <Field
            id="webhook-secret"
            label={`Signing secret (${webhook.secretSet ? "set; blank keeps it" : "not set"})`}
            type="password"
            autoComplete="new-password"
          />
          {webhook.secretSet && (
            <label className="row">
              <input type="checkbox" name="webhook-secret-clear" /> Remove the secret
            </label>
          )}
        </div>
        <p className="small muted">
          Each POST carries X-Price-Atlas-Signature: sha256=HMAC-SHA256 of the body with this secret, and
          X-Price-Atlas-Timestamp. Failures (network, 5xx) are retried with growing delays.
        </p>
        <div>
          <button
            type="button"
            className="button"
            onClick={() => test("webhook")}
            disabled={!webhook.enabled}
          >
            Send a test webhook
          </button>
        </div>
      </fieldset>
      <div className="row">
        <button className="button primary" type="submit">
          Save channels
        </button>
        <span role="status" className="small">
          {message}
        </span>
        <span role="status" className="small" aria-live="polite">
          {testing}
        </span>
      </div>
    </form>
  );
}

function Field(props: {
  id: string;
  label: string;
  defaultValue?: string;
  type?: string;
  autoComplete?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        name={props.id}
        type={props.type ?? "text"}
        defaultValue={props.defaultValue}
        autoComplete={props.autoComplete}
      />
    </div>
  );
}
