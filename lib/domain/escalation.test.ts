import { describe, expect, it } from "vitest";
import { escalate } from "./escalation";

const index = [
  { date: "2020-01-01", value: 100 },
  { date: "2024-01-01", value: 125 },
];

describe("escalate", () => {
  it("scales an amount by the ratio of the index at the two months", () => {
    expect(escalate(1_000_000, index, "2020-01", "2024-01")).toBe(1_250_000);
    expect(escalate(1_000_000, index, "2024-01", "2020-01")).toBe(800_000);
  });
  it("gives null for a month the index does not have", () => {
    expect(escalate(1, index, "2019-01", "2024-01")).toBeNull();
  });
});
