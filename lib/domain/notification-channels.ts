// The outgoing channels an admin configures (shared by the admin form, the API and the server).
// Secrets (SMTP password, webhook secret) travel only inward: the view says whether one is set.
import { z } from "zod";

const host = z.string().trim().max(253);

export const emailChannelInput = z
  .object({
    enabled: z.boolean(),
    host: host.default(""),
    port: z.coerce.number().int().min(1).max(65535).default(587),
    /** true: TLS from the first byte (port 465); false: STARTTLS when the server offers it */
    secure: z.boolean().default(false),
    username: z.string().trim().max(200).default(""),
    /** absent: keep the stored one; "": remove it */
    password: z.string().max(500).optional(),
    from: z.union([z.literal(""), z.email()]).default(""),
  })
  .superRefine((v, ctx) => {
    if (!v.enabled) return;
    if (!v.host) ctx.addIssue({ code: "custom", path: ["host"], message: "an SMTP host is required" });
    if (!v.from) ctx.addIssue({ code: "custom", path: ["from"], message: "a sender address is required" });
  });

export const webhookChannelInput = z
  .object({
    enabled: z.boolean(),
    url: z.union([z.literal(""), z.url({ protocol: /^https?$/ })]).default(""),
    /** absent: keep the stored one; "": remove it */
    secret: z.string().max(500).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.enabled && !v.url) ctx.addIssue({ code: "custom", path: ["url"], message: "a URL is required" });
  });

export const channelSettingsInput = z
  .object({ email: emailChannelInput, webhook: webhookChannelInput })
  .strict();
export type ChannelSettingsInput = z.input<typeof channelSettingsInput>;

export type ChannelSettingsView = {
  email: {
    enabled: boolean;
    host: string;
    port: number;
    secure: boolean;
    username: string;
    from: string;
    passwordSet: boolean;
  };
  webhook: { enabled: boolean; url: string; secretSet: boolean };
};

export const testMessageInput = z.object({ channel: z.enum(["email", "webhook"]) }).strict();
