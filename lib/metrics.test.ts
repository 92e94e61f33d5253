import { describe, expect, it } from "vitest";
import { metrics, routePattern } from "./metrics";

describe("routePattern", () => {
  it("replaces parameter values by their names, so labels stay few", () => {
    expect(
      routePattern("/api/v1/series/energy_price/123-4", { service: "energy_price", code: "123-4" }),
    ).toBe("/api/v1/series/[service]/[code]");
    expect(routePattern("/api/admin/calls", {})).toBe("/api/admin/calls");
    expect(routePattern("/api/auth/callback/credentials", { nextauth: ["callback", "credentials"] })).toBe(
      "/api/auth/[...nextauth]",
    );
    expect(routePattern("/api/v1/bookmarks/a%20b/items", { id: "a b" })).toBe("/api/v1/bookmarks/[id]/items");
    expect(routePattern("/api/admin/users/admin", { id: "admin" })).toBe("/api/admin/users/[id]");
    expect(routePattern("/api/v1/bookmarks/x/items/x", { id: "x", itemId: "x" })).toBe(
      "/api/v1/bookmarks/[id]/items/[itemId]",
    );
  });
});

describe("metrics", () => {
  it("is one registry per process, whichever bundle asks", () => {
    expect(metrics()).toBe(metrics());
    expect(metrics().registry.getSingleMetric("price_atlas_http_request_duration_seconds")).toBeDefined();
  });
});
