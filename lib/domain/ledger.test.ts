import { describe, expect, it } from "vitest";
import { compactCodes, formatDuration } from "./ledger";

describe("compactCodes", () => {
  it("shows the first few codes and counts the rest", () => {
    expect(compactCodes(["a", "b", "c", "d", "e"])).toBe("a, b, c +2");
    expect(compactCodes(["a", "b"])).toBe("a, b");
    expect(compactCodes([])).toBe("—");
    expect(compactCodes(["a", "b", "c"], 1)).toBe("a +2");
  });
});

describe("formatDuration", () => {
  it("gives minutes and seconds", () => {
    expect(formatDuration(95_000)).toBe("1 min 35 s");
    expect(formatDuration(4_400)).toBe("4 s");
    expect(formatDuration(null)).toBe("—");
  });
});
