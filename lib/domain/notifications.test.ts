import { describe, expect, it } from "vitest";
import { type DigestItem, digestLines, digestSubject, mergeDigestItems, retryDelayMs } from "./notifications";

const item = (id: number, over: Partial<DigestItem> = {}): DigestItem => ({
  assessmentId: id,
  service: "energy_price",
  code: `C-${id}`,
  assessment: `Series ${id}`,
  changes: ["new_data"],
  newMonths: ["2026-05"],
  revisedMonths: [],
  replacement: null,
  ...over,
});

describe("release digests", () => {
  it("merges a later run's findings into one item per series", () => {
    const merged = mergeDigestItems(
      [item(1), item(2)],
      [item(1, { changes: ["revised"], newMonths: [], revisedMonths: ["2026-03"] }), item(3)],
    );
    expect(merged.map((i) => i.assessmentId)).toEqual([1, 2, 3]);
    expect(merged[0]).toMatchObject({
      changes: ["new_data", "revised"],
      newMonths: ["2026-05"],
      revisedMonths: ["2026-03"],
    });
  });

  it("counts each kind in the subject and names the replacement in the lines", () => {
    const items = [
      item(1),
      item(2, { changes: ["new_data", "revised"], revisedMonths: ["2026-01"] }),
      item(3, {
        changes: ["discontinued"],
        newMonths: [],
        replacement: { service: "energy_price", code: "R-9", assessment: "Series 9" },
      }),
    ];
    expect(digestSubject("2026-06", items)).toBe(
      "3 series changed in the 2026-06 release: 2 with new data, 1 revised, 1 discontinued",
    );
    expect(digestLines(items)[2]).toBe("C-3 Series 3 [energy_price]: discontinued, replaced by R-9 Series 9");
    expect(digestLines(items)[1]).toContain("revised (2026-01)");
  });

  it("backs off exponentially, capped at an hour", () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });
});
