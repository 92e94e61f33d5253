import { describe, expect, it } from "vitest";
import { channelSettingsInput } from "./notification-channels";

const off = { email: { enabled: false }, webhook: { enabled: false } };

describe("notification channel settings", () => {
  it("needs a host and a sender for email, a URL for the webhook, only when they are on", () => {
    expect(channelSettingsInput.safeParse(off).success).toBe(true);
    const bad = channelSettingsInput.safeParse({ email: { enabled: true }, webhook: { enabled: true } });
    expect(bad.error?.issues.map((i) => i.path.join("."))).toEqual([
      "email.host",
      "email.from",
      "webhook.url",
    ]);
  });

  it("takes http(s) webhooks only, and keeps an absent secret absent (keep the stored one)", () => {
    const ftp = { ...off, webhook: { enabled: true, url: "ftp://example.com/x" } };
    expect(channelSettingsInput.safeParse(ftp).success).toBe(false);
    const ok = channelSettingsInput.parse({
      ...off,
      webhook: { enabled: true, url: "https://example.com/h" },
    });
    expect(ok.webhook.secret).toBeUndefined();
    expect(ok.email).toMatchObject({ port: 587, secure: false });
    expect("password" in ok.email).toBe(false);
  });
});
