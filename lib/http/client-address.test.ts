import { describe, expect, it } from "vitest";
import { clientAddress, isLoopback, PEER_HEADER } from "./client-address";

const headers = (h: Record<string, string>) => new Headers(h);

describe("clientAddress", () => {
  it("ignores a client-set X-Forwarded-For when no proxy is trusted", () => {
    const h = headers({ [PEER_HEADER]: "203.0.113.9", "x-forwarded-for": "1.2.3.4" });
    expect(clientAddress(h, 0)).toBe("203.0.113.9");
  });

  it("believes as many forwarded hops as there are trusted proxies, and no more", () => {
    // client 198.51.100.7 → proxy A (adds it) → proxy B 10.0.0.2 (adds A) → app
    const h = headers({ [PEER_HEADER]: "10.0.0.2", "x-forwarded-for": "6.6.6.6, 198.51.100.7, 10.0.0.1" });
    expect(clientAddress(h, 1)).toBe("10.0.0.1");
    expect(clientAddress(h, 2)).toBe("198.51.100.7");
    // a spoofed left-most entry is only reached by trusting more proxies than exist
    expect(clientAddress(headers({ [PEER_HEADER]: "10.0.0.2", "x-forwarded-for": "6.6.6.6" }), 5)).toBe(
      "6.6.6.6",
    );
  });

  it("is null when the server stamped no peer", () => {
    expect(clientAddress(headers({ "x-forwarded-for": "1.2.3.4" }), 1)).toBeNull();
  });

  it("knows loopback addresses", () => {
    expect(isLoopback("127.0.0.1")).toBe(true);
    expect(isLoopback("::ffff:127.0.0.1")).toBe(true);
    expect(isLoopback("::1")).toBe(true);
    expect(isLoopback("10.0.0.1")).toBe(false);
    expect(isLoopback(null)).toBe(false);
  });
});
