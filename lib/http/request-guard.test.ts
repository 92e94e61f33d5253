import { describe, expect, it } from "vitest";
import { isJsonContentType, isSameOrigin, MAX_JSON_BYTES, ownOrigins, readCappedText } from "./request-guard";

const origins = ownOrigins(
  "http://localhost:3000/api/x",
  new Headers({ host: "atlas.example" }),
  "https://atlas.example.com",
);

describe("isSameOrigin", () => {
  it("accepts our own pages", () => {
    expect(isSameOrigin(new Headers({ "sec-fetch-site": "same-origin" }), origins)).toBe(true);
    expect(isSameOrigin(new Headers({ origin: "https://atlas.example.com" }), origins)).toBe(true);
    expect(isSameOrigin(new Headers({ origin: "http://localhost:3000" }), origins)).toBe(true);
  });

  it("refuses other sites, sibling subdomains, opaque origins and requests that say nothing", () => {
    expect(isSameOrigin(new Headers({ "sec-fetch-site": "cross-site" }), origins)).toBe(false);
    expect(
      isSameOrigin(
        new Headers({ "sec-fetch-site": "same-site", origin: "https://evil.atlas.example.com" }),
        origins,
      ),
    ).toBe(false);
    expect(isSameOrigin(new Headers({ origin: "https://evil.example" }), origins)).toBe(false);
    expect(isSameOrigin(new Headers({ origin: "null" }), origins)).toBe(false);
    expect(isSameOrigin(new Headers({ "sec-fetch-site": "none" }), origins)).toBe(false);
    expect(isSameOrigin(new Headers(), origins)).toBe(false);
  });
});

describe("body checks", () => {
  it("takes only JSON content types", () => {
    expect(isJsonContentType("application/json")).toBe(true);
    expect(isJsonContentType("application/json; charset=utf-8")).toBe(true);
    expect(isJsonContentType("application/merge-patch+json")).toBe(true);
    expect(isJsonContentType("text/plain")).toBe(false);
    expect(isJsonContentType("application/x-www-form-urlencoded")).toBe(false);
    expect(isJsonContentType(null)).toBe(false);
  });

  it("stops reading past the cap whatever Content-Length said", async () => {
    const ok = new Request("http://x/", { method: "POST", body: "a".repeat(MAX_JSON_BYTES) });
    expect((await readCappedText(ok)).length).toBe(MAX_JSON_BYTES);
    const big = new Request("http://x/", { method: "POST", body: "a".repeat(MAX_JSON_BYTES + 1) });
    await expect(readCappedText(big)).rejects.toMatchObject({ status: 413 });
  });
});
