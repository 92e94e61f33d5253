import { describe, expect, it } from "vitest";
import { safeCallbackPath } from "./callback-url";

describe("safeCallbackPath", () => {
  it("keeps paths on this site", () => {
    expect(safeCallbackPath("/catalogue")).toBe("/catalogue");
    expect(safeCallbackPath("/series/energy_price/1-2-3?currency=EUR#chart")).toBe(
      "/series/energy_price/1-2-3?currency=EUR#chart",
    );
    expect(safeCallbackPath(undefined)).toBe("/");
    expect(safeCallbackPath(["/bookmarks", "/x"])).toBe("/bookmarks");
  });

  it.each([
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/%09/evil.example",
    "http://x//evil.example",
    "https://evil.example/catalogue",
    "//evil.example",
    "/.//evil.example",
    "javascript:alert(1)",
    "http:evil.example",
    " //evil.example",
  ])("never leaves the site for %j", (value) => {
    const path = safeCallbackPath(value);
    expect(path.startsWith("/")).toBe(true);
    expect(path.startsWith("//")).toBe(false);
    expect(new URL(path, "http://atlas.test").host).toBe("atlas.test");
  });
});
