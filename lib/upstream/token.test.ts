import { createDecipheriv, createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { StoredToken, TokenStore } from "./stores";
import { openToken, sealToken, TokenManager, tokenKeys } from "./token";

const creds = { baseUrl: "https://vendor.test", username: "dev", password: "pw" };

function memoryStore(initial: StoredToken | null = null) {
  const state = { stored: initial, saves: 0 };
  const store: TokenStore = {
    load: async () => state.stored,
    save: async (t) => {
      state.stored = t;
      state.saves++;
    },
    clear: async () => {
      state.stored = null;
    },
    withLoginLock: (fn) => fn(),
  };
  return { store, state };
}

/** The former scheme: a key from the credentials alone. */
function credentialsOnlyKey(): Buffer {
  return createHash("sha256")
    .update(`price-atlas token key\0${creds.baseUrl}\0${creds.username}\0${creds.password}`)
    .digest();
}

describe("vendor token at rest", () => {
  it("is AES-GCM under a key from the server secret: the credentials alone do not open it", () => {
    const [key] = tokenKeys({ ...creds, keySecrets: ["server-secret-A"] });
    if (!key) throw new Error("no key");
    const sealed = sealToken("the.jwt.token", key);
    expect(sealed).not.toContain("the.jwt.token");
    expect(openToken(sealed, [key])?.token).toBe("the.jwt.token");
    // what someone with the database and the credentials could try
    const [, , iv, tag, body] = sealed.split(".").map((p) => Buffer.from(p, "base64url"));
    expect(() => {
      const d = createDecipheriv("aes-256-gcm", credentialsOnlyKey(), iv as Buffer);
      d.setAuthTag(tag as Buffer);
      return Buffer.concat([d.update(body as Buffer), d.final()]).toString();
    }).toThrow();
    expect(openToken(sealed, tokenKeys({ ...creds, keySecrets: ["another-secret"] }))).toBeNull();
    expect(
      openToken(sealed, tokenKeys({ ...creds, password: "other", keySecrets: ["server-secret-A"] })),
    ).toBeNull();
    // tampering is detected
    const parts = sealed.split(".");
    parts[4] = Buffer.from("x".repeat(13)).toString("base64url");
    expect(openToken(parts.join("."), [key])).toBeNull();
  });

  it("never falls back to a key from the credentials alone", () => {
    const a = tokenKeys(creds);
    expect(a).toHaveLength(1);
    expect(a[0]?.key.equals(credentialsOnlyKey())).toBe(false);
  });

  it("rotates: a token sealed under a former secret opens and is sealed again under the current one", async () => {
    const [old] = tokenKeys({ ...creds, keySecrets: ["server-secret-A"] });
    if (!old) throw new Error("no key");
    const expiresAt = new Date(Date.now() + 3_600_000);
    const { store, state } = memoryStore({ cipher: sealToken("the.jwt.token", old), expiresAt });
    const manager = new TokenManager(
      { ...creds, keySecrets: ["server-secret-B", "server-secret-A"] },
      store,
      () => new Date(),
      1000,
    );
    expect(await manager.token()).toBe("the.jwt.token");
    expect(manager.logins).toBe(0);
    expect(state.saves).toBe(1);
    const [current] = tokenKeys({ ...creds, keySecrets: ["server-secret-B"] });
    expect(openToken(state.stored?.cipher ?? "", current ? [current] : [])?.token).toBe("the.jwt.token");
  });
});
