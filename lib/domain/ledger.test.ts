import { describe, expect, it } from "vitest";
import { compactCodes } from "./ledger";

describe("compactCodes", () => {
  it("shows the first few codes and counts the rest", () => {
    expect(compactCodes(["a", "b", "c", "d", "e"])).toBe("a, b, c +2");
    expect(compactCodes(["a", "b"])).toBe("a, b");
    expect(compactCodes([])).toBe("—");
    expect(compactCodes(["a", "b", "c"], 1)).toBe("a +2");
  });
});
