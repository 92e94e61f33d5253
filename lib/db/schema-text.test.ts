import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

describe("prisma/schema.prisma", () => {
  // Prisma inlines the schema's text into the generated client, which the build copies into each
  // server bundle that queries the database. One character outside Latin-1 anywhere in a bundle
  // makes V8 hold its whole source at two bytes per character: ≈ 5 MB more in the server.
  it("is plain ASCII, comments included", () => {
    const text = readFileSync(path.join(process.cwd(), "prisma", "schema.prisma"), "utf8");
    const lines = text
      .split("\n")
      .map((line, i) => ({ line: i + 1, text: line }))
      .filter(({ text }) => [...text].some((c) => (c.codePointAt(0) ?? 0) > 0x7f));
    expect(lines).toEqual([]);
  });
});
