import { describe, expect, it } from "vitest";
import { etagMatches, jsonResponse } from "./json-response";

const get = (headers: Record<string, string> = {}) => new Request("http://x/api/v1/series/a/1", { headers });

describe("jsonResponse", () => {
  it("serialises the value with a strong ETag and revalidation headers", async () => {
    const res = jsonResponse(get(), { a: 1, b: [1, 2] });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    expect(res.headers.get("etag")).toMatch(/^"[\w-]{27}"$/);
    expect(await res.json()).toEqual({ a: 1, b: [1, 2] });
  });

  it("answers 304 without a body when the client has the same answer", async () => {
    const value = { finals: [{ date: "2026-10-01", value: 1.5 }] };
    const etag = jsonResponse(get(), value).headers.get("etag") as string;
    const again = jsonResponse(get({ "if-none-match": etag }), value);
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");
    const changed = jsonResponse(get({ "if-none-match": etag }), { ...value, finals: [] });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  it("serialises a frozen (cached) answer once, and anything else on every call", async () => {
    const live = { n: 1 };
    jsonResponse(get(), live);
    live.n = 2;
    expect(await jsonResponse(get(), live).json()).toEqual({ n: 2 });
    const frozen = Object.freeze({ n: 1 });
    const first = jsonResponse(get(), frozen).headers.get("etag");
    expect(jsonResponse(get(), frozen).headers.get("etag")).toBe(first);
    expect(await jsonResponse(get(), frozen).json()).toEqual({ n: 1 });
  });
});

describe("etagMatches", () => {
  it("matches a list, weak forms and *", () => {
    expect(etagMatches('"x", "y"', '"y"')).toBe(true);
    expect(etagMatches('W/"y"', '"y"')).toBe(true);
    expect(etagMatches("*", '"y"')).toBe(true);
    expect(etagMatches('"x"', '"y"')).toBe(false);
    expect(etagMatches(null, '"y"')).toBe(false);
  });
});
