import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readPageQuery } from "./page-query";

const schema = z.object({ q: z.string().optional(), page: z.coerce.number().int().min(1).default(1) });

describe("readPageQuery", () => {
  it("reads the non-empty single values with the schema", async () => {
    const r = await readPageQuery(
      schema,
      Promise.resolve({ q: "gas", page: "2", empty: "", none: undefined }),
    );
    expect(r).toEqual({ raw: { q: "gas", page: "2" }, query: { q: "gas", page: 2 }, understood: true });
  });
  it("falls back to the defaults, and says so, when a filter cannot be read", async () => {
    const r = await readPageQuery(schema, Promise.resolve({ q: "gas", page: "0" }));
    expect(r.query).toEqual({ page: 1 });
    expect(r.understood).toBe(false);
  });
  it("drops a parameter given twice, and says so", async () => {
    const r = await readPageQuery(schema, Promise.resolve({ q: ["a", "b"], page: "3" }));
    expect(r.raw).toEqual({ page: "3" });
    expect(r.query).toEqual({ page: 3 });
    expect(r.understood).toBe(false);
  });
});
