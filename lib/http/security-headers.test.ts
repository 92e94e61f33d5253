import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, newNonce, servedOverHttps } from "./security-headers";

describe("contentSecurityPolicy", () => {
  it("lets only nonced scripts run, never inline ones or eval in production", () => {
    const nonce = newNonce();
    const csp = contentSecurityPolicy(nonce);
    const script = csp.split("; ").find((d) => d.startsWith("script-src")) ?? "";
    expect(script).toContain(`'nonce-${nonce}'`);
    expect(script).not.toContain("unsafe-inline");
    expect(script).not.toContain("unsafe-eval");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(newNonce()).not.toBe(nonce);
  });
});

describe("servedOverHttps", () => {
  it("believes X-Forwarded-Proto only behind a trusted proxy", () => {
    const base = { requestProtocol: "http:", forwardedProto: "https", trustedProxies: 0 };
    expect(servedOverHttps(base)).toBe(false);
    expect(servedOverHttps({ ...base, trustedProxies: 1 })).toBe(true);
    expect(servedOverHttps({ ...base, publicUrl: "https://atlas.example.com" })).toBe(true);
    expect(servedOverHttps({ ...base, requestProtocol: "https:" })).toBe(true);
  });
});
