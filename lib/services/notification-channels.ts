import "server-only";
import type { z } from "zod";
import { writeAudit } from "@/lib/db/audit";
import { deliveryCounts, recentDeliveries } from "@/lib/db/notification-deliveries";
import type { channelSettingsInput, testMessageInput } from "@/lib/domain/notification-channels";
import type { WebhookBody } from "@/lib/domain/notifications";
import type { SessionUser } from "@/lib/domain/roles";
import { unprocessable } from "@/lib/http/errors";
import { channelSettingsView, channelsForSending, saveChannelSettings } from "@/lib/notify/channel-settings";
import { postWebhook, SendError, sendEmail } from "@/lib/notify/send";

// Admin side of the outgoing channels: read (secrets shown as set / not set), change (audited,
// without the secrets), send a test message now, and see the queue.

export async function notificationChannels() {
  const [settings, counts, recent] = await Promise.all([
    channelSettingsView(),
    deliveryCounts(),
    recentDeliveries(20),
  ]);
  return {
    settings,
    queue: { pending: counts.pending ?? 0, sent: counts.sent ?? 0, failed: counts.failed ?? 0 },
    recent: recent.map((d) => ({
      ...d,
      createdAt: d.createdAt.toISOString(),
      sentAt: d.sentAt?.toISOString() ?? null,
      nextAttemptAt: d.nextAttemptAt.toISOString(),
    })),
  };
}

export async function updateNotificationChannels(
  input: z.output<typeof channelSettingsInput>,
  user: SessionUser,
) {
  const before = await channelSettingsView();
  const signed =
    input.webhook.secret === undefined ? before.webhook.secretSet : Boolean(input.webhook.secret);
  if (input.webhook.enabled && !signed)
    throw unprocessable("The webhook needs a signing secret: receivers verify every post with it.", {
      field: "webhook.secret",
    });
  await saveChannelSettings(input, user.email);
  const after = await channelSettingsView();
  const { password, ...email } = input.email;
  // A chat webhook's URL is itself a credential: the audit keeps its host only.
  const { secret, url, ...webhook } = input.webhook;
  await writeAudit({
    actorId: user.id,
    action: "settings.update",
    target: "notifications.channels",
    details: {
      // Whether a secret was replaced, never the secret (keys named after secrets are redacted).
      email: { ...email, smtpLoginReplaced: password !== undefined, wasEnabled: before.email.enabled },
      webhook: {
        ...webhook,
        host: url ? new URL(url).host : "",
        urlChanged: url !== before.webhook.url,
        signingKeyReplaced: secret !== undefined,
        wasEnabled: before.webhook.enabled,
      },
    },
  });
  return after;
}

/** Sends one message now (not queued) so the admin sees at once whether the channel works. */
export async function sendTestMessage(input: z.output<typeof testMessageInput>, user: SessionUser) {
  const channels = await channelsForSending();
  const subject = "Price Atlas test message";
  const text = `A test message sent by ${user.email} from the notification settings.`;
  try {
    if (input.channel === "email") {
      await sendEmail(channels.email, { to: user.email, subject, text: `${text}\n` });
    } else {
      const body: WebhookBody = { type: "test", id: `test:${Date.now()}`, subject, text };
      await postWebhook(channels.webhook, body, new Date());
    }
  } catch (error) {
    const message = error instanceof SendError ? error.message : "Sending failed.";
    throw unprocessable(message, { channel: input.channel });
  } finally {
    await writeAudit({ actorId: user.id, action: "notifications.test", target: input.channel });
  }
  return { sent: true, channel: input.channel, to: input.channel === "email" ? user.email : "webhook" };
}
