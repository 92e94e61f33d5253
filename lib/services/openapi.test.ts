import { describe, expect, it } from "vitest";
import { openApiDocument } from "./openapi";

describe("openApiDocument", () => {
  const doc = openApiDocument();
  it("describes the analyses with the parameters their zod schemas accept", () => {
    const estimate = doc.paths["/tools/estimate"]?.get as {
      parameters: { name: string; required: boolean; schema: { pattern?: string } }[];
    };
    const byName = new Map(estimate.parameters.map((p) => [p.name, p]));
    expect([...byName.keys()]).toEqual([
      "amount",
      "currency",
      "month",
      "country",
      "targetMonth",
      "targetCountry",
      "index",
    ]);
    expect(byName.get("index")?.required).toBe(false);
    expect(byName.get("month")).toMatchObject({ required: true, schema: { pattern: expect.any(String) } });
    const lf = doc.paths["/location-factors"]?.get as { parameters: { name: string; required: boolean }[] };
    expect(lf.parameters.every((p) => !p.required)).toBe(true);
  });
  it("gives path parameters and the one error shape", () => {
    const vintages = doc.paths["/series/{service}/{code}/vintages"]?.get as {
      parameters: { name: string; in: string }[];
    };
    expect(vintages.parameters.filter((p) => p.in === "path").map((p) => p.name)).toEqual([
      "service",
      "code",
    ]);
    expect(doc.components.schemas.Error.required).toEqual(["error"]);
  });
  it("merges the export kinds' parameters", () => {
    const exp = doc.paths["/export"]?.get as { parameters: { name: string; required: boolean }[] };
    const names = exp.parameters.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(["kind", "format", "service", "code", "s", "q"]));
    expect(exp.parameters.find((p) => p.name === "kind")?.required).toBe(true);
  });
  it("describes the admin reading views and the metrics endpoint under /api", () => {
    for (const path of ["/admin/calls", "/admin/sync/runs", "/admin/audit", "/metrics"]) {
      const item = doc.paths[path] as { servers?: { url: string }[]; get?: unknown } | undefined;
      expect(item?.get, path).toBeDefined();
      expect(item?.servers).toEqual([{ url: "/api" }]);
    }
    const calls = doc.paths["/admin/calls"]?.get as { parameters: { name: string }[] };
    expect(calls.parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining(["from", "to", "operation", "service", "outcome", "trigger", "user", "page"]),
    );
  });
});
