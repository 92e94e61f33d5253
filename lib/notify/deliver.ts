import "server-only";
import { claimDueDeliveries, markAttemptFailed, markDelivered } from "@/lib/db/notification-deliveries";
import { MAX_DELIVERY_ATTEMPTS, retryDelayMs } from "@/lib/domain/notifications";
import { log } from "@/lib/log";
import { channelsForSending } from "./channel-settings";
import { type EmailMessage, postWebhook, SendError, sendEmail } from "./send";

// Sends the due outgoing messages: called by the scheduler's tick (every instance; a claimed
// message is another instance's for a while) and right after messages are queued. A failure that
// may pass (network, 5xx) is retried with exponential backoff, a bounded number of times.

export type DeliverOptions = { now?: Date; limit?: number; retryBaseMs?: number };
export type DeliverResult = { sent: number; retrying: number; failed: number };

const CLAIM_MS = 2 * 60_000;

export async function deliverDueNotifications(opts: DeliverOptions = {}): Promise<DeliverResult> {
  const now = opts.now ?? new Date();
  const due = await claimDueDeliveries(now, CLAIM_MS, opts.limit ?? 50);
  const result: DeliverResult = { sent: 0, retrying: 0, failed: 0 };
  if (due.length === 0) return result;
  const channels = await channelsForSending();
  for (const d of due) {
    const attempts = d.attempts + 1;
    try {
      if (d.channel === "email") await sendEmail(channels.email, d.payload as EmailMessage);
      else if (d.channel === "webhook") await postWebhook(channels.webhook, d.payload, now);
      else throw new SendError(`Unknown channel ${d.channel}.`, false);
      await markDelivered(d.id, attempts, new Date());
      result.sent++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retry = error instanceof SendError && error.retryable && attempts < MAX_DELIVERY_ATTEMPTS;
      const retryAt = retry ? new Date(now.getTime() + retryDelayMs(attempts, opts.retryBaseMs)) : null;
      await markAttemptFailed(d.id, attempts, message, retryAt);
      if (retry) result.retrying++;
      else result.failed++;
      log("notifications").warn({ channel: d.channel, attempts, retry, error: message }, "delivery failed");
    }
  }
  return result;
}
