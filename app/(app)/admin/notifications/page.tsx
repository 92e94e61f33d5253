import { NotificationChannelsForm } from "@/components/admin/notification-channels-form";
import { requireAdmin } from "@/lib/auth/session";
import { formatDateTime } from "@/lib/domain/format";
import { notificationChannels } from "@/lib/services/notification-channels";

export const dynamic = "force-dynamic";

export default async function AdminNotificationsPage() {
  await requireAdmin();
  const { settings, queue, recent } = await notificationChannels();
  return (
    <div className="stack">
      <div className="page-head">
        <h1>Notification channels</h1>
        <p>
          Everyone gets release digests in the app. Here you can also send them by email (to each user's
          account address, for the lists where they ask for it) and to one company webhook. Admin alerts go to
          every admin the same ways.
        </p>
      </div>
      <NotificationChannelsForm settings={settings} />
      <section className="card stack" aria-label="Outgoing queue">
        <h2>Outgoing queue</h2>
        <p data-testid="delivery-queue">
          {queue.pending} waiting · {queue.sent} sent · {queue.failed} given up
        </p>
        {recent.length === 0 ? (
          <p className="muted">Nothing sent yet.</p>
        ) : (
          <ul className="stack small">
            {recent.map((d) => (
              <li key={d.id}>
                {formatDateTime(d.createdAt)} · {d.channel} · {d.status} · {d.attempts} attempt(s)
                {d.status === "pending" && d.attempts > 0 && ` · next try ${formatDateTime(d.nextAttemptAt)}`}
                {d.lastError && <span className="muted"> · {d.lastError}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
