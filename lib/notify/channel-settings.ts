import "server-only";
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { tokenKeySecrets } from "@/lib/auth/secret";
import { readSetting, writeSetting } from "@/lib/db/settings";
import type { ChannelSettingsView, channelSettingsInput } from "@/lib/domain/notification-channels";

// The channel settings live in the Setting table; the SMTP password and the webhook secret are
// sealed (AES-256-GCM, key from the app's secret) so a database dump does not reveal them.

const KEY = "notifications.channels";

const stored = z.object({
  email: z
    .object({
      enabled: z.boolean(),
      host: z.string(),
      port: z.number().int(),
      secure: z.boolean(),
      username: z.string(),
      from: z.string(),
      passwordSealed: z.string().nullable(),
    })
    .default({
      enabled: false,
      host: "",
      port: 587,
      secure: false,
      username: "",
      from: "",
      passwordSealed: null,
    }),
  webhook: z
    .object({ enabled: z.boolean(), url: z.string(), secretSealed: z.string().nullable() })
    .default({ enabled: false, url: "", secretSealed: null }),
});
type Stored = z.infer<typeof stored>;

const keyOf = (secret: string) => createHash("sha256").update(`notification-channels:${secret}`).digest();

function seal(plain: string): string {
  const [secret] = tokenKeySecrets();
  if (!secret) throw new Error("No app secret to seal the channel secret with.");
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url")).join(".");
}

function unseal(sealed: string | null): string | null {
  if (!sealed) return null;
  const [iv, tag, body] = sealed.split(".").map((p) => Buffer.from(p, "base64url"));
  if (!iv || !tag || !body) return null;
  for (const secret of tokenKeySecrets()) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
    } catch {
      // sealed with another (former) secret: try the next
    }
  }
  return null;
}

async function readStored(): Promise<Stored> {
  const parsed = stored.safeParse((await readSetting(KEY)) ?? {});
  return parsed.success ? parsed.data : stored.parse({});
}

export async function channelSettingsView(): Promise<ChannelSettingsView> {
  const s = await readStored();
  const { passwordSealed, ...email } = s.email;
  return {
    email: { ...email, passwordSet: Boolean(passwordSealed) },
    webhook: { enabled: s.webhook.enabled, url: s.webhook.url, secretSet: Boolean(s.webhook.secretSealed) },
  };
}

export async function saveChannelSettings(
  input: z.output<typeof channelSettingsInput>,
  updatedBy: string | null,
): Promise<void> {
  const before = await readStored();
  const { password, ...email } = input.email;
  const next: Stored = {
    email: {
      ...email,
      passwordSealed: password === undefined ? before.email.passwordSealed : password ? seal(password) : null,
    },
    webhook: {
      enabled: input.webhook.enabled,
      url: input.webhook.url,
      secretSealed:
        input.webhook.secret === undefined
          ? before.webhook.secretSealed
          : input.webhook.secret
            ? seal(input.webhook.secret)
            : null,
    },
  };
  await writeSetting(KEY, next, updatedBy);
}

export type EmailChannel = Omit<Stored["email"], "passwordSealed"> & { password: string | null };
export type WebhookChannel = { enabled: boolean; url: string; secret: string | null };

/** The channels with their secrets opened: for sending only, never for a response or a log. */
export async function channelsForSending(): Promise<{ email: EmailChannel; webhook: WebhookChannel }> {
  const s = await readStored();
  const { passwordSealed, ...email } = s.email;
  return {
    email: { ...email, password: unseal(passwordSealed) },
    webhook: { enabled: s.webhook.enabled, url: s.webhook.url, secret: unseal(s.webhook.secretSealed) },
  };
}
