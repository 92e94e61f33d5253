import { describe, expect, it } from "vitest";
import { keyThatFell, reportKeys, resolveDataset } from "./datasets";

const countries = reportKeys(["Germany", "United States", "Japan"]);
const regions = reportKeys(["NORAM", "EUROPE-W", "APAC-N"]);

describe("resolveDataset", () => {
  it("takes the report key that is the country itself (by name or ISO code)", () => {
    expect(resolveDataset("germany", {}, countries, undefined)).toMatchObject({
      dataset: "Germany",
      source: "report_key",
    });
    expect(resolveDataset("United States", {}, reportKeys(["US", "DE"]), undefined)?.dataset).toBe("US");
  });

  it("takes a record field whose value is a report key, the vendor's own fields first", () => {
    const raw = { code: "1-1-1", product: "EUROPE-W", data_set: "NORAM" };
    expect(resolveDataset("Canada", raw, regions, undefined)).toEqual({
      dataset: "NORAM",
      source: "record_field",
      evidence: "field data_set",
    });
    expect(resolveDataset("Canada", { product: "EUROPE-W" }, regions, undefined)?.evidence).toBe(
      "field product",
    );
  });

  it("never reads free text or codes as a dataset", () => {
    expect(
      resolveDataset("Canada", { assessment: "NORAM", remark_2: "NORAM" }, regions, undefined),
    ).toBeNull();
  });

  it("uses what was learned while the report still has the key; an admin's choice comes first", () => {
    expect(resolveDataset("Canada", {}, regions, { dataset: "NORAM", source: "observed" })?.source).toBe(
      "observed",
    );
    expect(resolveDataset("Canada", {}, regions, { dataset: "Americas", source: "observed" })).toBeNull();
    expect(
      resolveDataset("Germany", {}, reportKeys(["Germany", "EU"]), { dataset: "EU", source: "admin" }),
    ).toMatchObject({ dataset: "EU", source: "admin" });
  });

  it("takes the only key of a one-key report, and otherwise says unknown", () => {
    expect(resolveDataset("Chile", {}, reportKeys(["All"]), undefined)?.source).toBe("single_key");
    expect(resolveDataset("Chile", {}, regions, undefined)).toBeNull();
  });
});

describe("keyThatFell", () => {
  const before = { NORAM: { remaining: 600, total: 600 }, "APAC-N": { remaining: 590, total: 600 } };
  it("names the one key that fell by the codes answered", () => {
    expect(keyThatFell(before, { ...before, "APAC-N": { remaining: 589, total: 600 } }, 1)).toEqual({
      dataset: "APAC-N",
    });
  });

  it("says nothing for sure when no key, several keys or another amount moved", () => {
    expect(keyThatFell(before, before, 1)).toHaveProperty("inconclusive");
    expect(
      keyThatFell(
        before,
        { NORAM: { remaining: 599, total: 600 }, "APAC-N": { remaining: 589, total: 600 } },
        1,
      ),
    ).toHaveProperty("inconclusive");
    expect(keyThatFell(before, { ...before, NORAM: { remaining: 597, total: 600 } }, 1)).toHaveProperty(
      "inconclusive",
    );
  });
});
