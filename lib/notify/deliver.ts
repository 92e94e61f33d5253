import "server-only";
import { claimDueDeliveries, markAttemptFailed, markDelivered } from "@/lib/db/notification-deliveries";
import { MAX_DELIVERY_ATTEMPTS, retryDelayMs } from "@/lib/domain/notifications";
import { log } from "@/lib/log";
import { channelsForSending } from "./channel-settings";
import { type EmailMessage, postWebhook, SendError, sendEmail } from "./send";

// Sends the due outgoing messages: called by the scheduler's tick of every instance. A claimed
// message is the claimer's for CLAIM_MS, far longer than one tick may spend sending (SEND_BUDGET_MS
// plus one message's time-outs), so no other instance sends it meanwhile. A failure that may pass
// (network, 5xx) is retried with exponential backoff, a bounded number of times.

export type DeliverOptions = { now?: Date; limit?: number; retryBaseMs?: number };
export type DeliverResult = { sent: number; retrying: number; failed: number };

const CLAIM_MS = 10 * 60_000;
/** A tick stops starting new sends after this long; what it claimed but did not send waits. */
const SEND_BUDGET_MS = 3 * 60_000;

export async function deliverDueNotifications(opts: DeliverOptions = {}): Promise<DeliverResult> {
  const now = opts.now ?? new Date();
  const until = new Date(now.getTime() + CLAIM_MS);
  const started = Date.now();
  const due = await claimDueDeliveries(now, until, opts.limit ?? 10);
  const result: DeliverResult = { sent: 0, retrying: 0, failed: 0 };
  if (due.length === 0) return result;
  const channels = await channelsForSending();
  for (const d of due) {
    if (Date.now() - started > SEND_BUDGET_MS) break;
    const attempts = d.attempts + 1;
    try {
      if (d.channel === "email") await sendEmail(channels.email, d.payload as EmailMessage);
      else if (d.channel === "webhook") await postWebhook(channels.webhook, d.payload, new Date());
      else throw new SendError(`Unknown channel ${d.channel}.`, false);
      await markDelivered(d.id, until, attempts, new Date());
      result.sent++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retry = error instanceof SendError && error.retryable && attempts < MAX_DELIVERY_ATTEMPTS;
      const retryAt = retry ? new Date(now.getTime() + retryDelayMs(attempts, opts.retryBaseMs)) : null;
      await markAttemptFailed(d.id, until, attempts, message, retryAt);
      if (retry) result.retrying++;
      else result.failed++;
      log("notifications").warn({ channel: d.channel, attempts, retry, error: message }, "delivery failed");
    }
  }
  return result;
}
