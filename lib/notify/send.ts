import "server-only";
import { createHmac } from "node:crypto";
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import nodemailer from "nodemailer";
import type { EmailChannel, WebhookChannel } from "./channel-settings";

// Sending one message on one channel. Each returns normally on success and throws a SendError
// saying whether trying again later can help (network, 5xx, 429) or not (4xx, refused address).

export class SendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export const SIGNATURE_HEADER = "X-Price-Atlas-Signature";
export const TIMESTAMP_HEADER = "X-Price-Atlas-Timestamp";

/**
 * `sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>">`: the timestamp is signed with the body, so
 * a receiver that rejects old timestamps cannot be fed a captured request again.
 */
export function signBody(timestamp: string, body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

export async function postWebhook(channel: WebhookChannel, payload: unknown, now: Date): Promise<void> {
  if (!channel.enabled || !channel.url) throw new SendError("The webhook channel is off.", false);
  // Never unsigned: a secret that cannot be opened (the app secret changed) must be set again.
  if (!channel.secret)
    throw new SendError(
      "The webhook has no usable signing secret: set it again under Admin → Notifications.",
      false,
    );
  await refuseMetadataAddress(channel.url);
  const body = JSON.stringify(payload);
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": "PriceAtlas-Notifications",
    [TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]: signBody(timestamp, body, channel.secret),
  };
  let response: Response;
  try {
    response = await fetch(channel.url, {
      method: "POST",
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new SendError(`The webhook could not be reached: ${(error as Error).message}`, true);
  }
  await response.body?.cancel().catch(() => {});
  if (response.ok) return;
  const retryable = response.status >= 500 || response.status === 429 || response.status === 408;
  throw new SendError(`The webhook answered ${response.status}.`, retryable);
}

/**
 * Link-local and cloud metadata addresses (169.254.0.0/16, fe80::/10, fd00:ec2::254, 100.100.100.200)
 * are never posted to, whatever an admin typed: they hand out the host's own credentials. Company
 * addresses (an on-premises chat server) stay allowed: the URL is an admin's choice.
 */
async function refuseMetadataAddress(url: string): Promise<void> {
  const { hostname } = new URL(url);
  const host = hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host)
    ? [host]
    : (await lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
  const bad = addresses.find(
    (a) =>
      /^169\.254\./.test(a) ||
      /^fe[89ab][0-9a-f]:/i.test(a) ||
      a === "fd00:ec2::254" ||
      a === "100.100.100.200",
  );
  if (bad) throw new SendError(`The webhook address ${hostname} is a link-local or metadata address.`, false);
}

export type EmailMessage = { to: string; subject: string; text: string };

export async function sendEmail(channel: EmailChannel, message: EmailMessage): Promise<void> {
  if (!channel.enabled || !channel.host) throw new SendError("The email channel is off.", false);
  const transport = nodemailer.createTransport({
    host: channel.host,
    port: channel.port,
    secure: channel.secure,
    auth: channel.username ? { user: channel.username, pass: channel.password ?? "" } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  try {
    await transport.sendMail({ from: channel.from, ...message });
  } catch (error) {
    const code = (error as { responseCode?: number }).responseCode;
    // 5xx from the SMTP server is final (bad address, refused); the rest (network, 4xx) may pass later.
    throw new SendError(`Sending the email failed: ${(error as Error).message}`, !(code && code >= 500));
  } finally {
    transport.close();
  }
}
