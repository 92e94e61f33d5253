import { describe, expect, it } from "vitest";
import { conversionOffered, readKind, readLifecycleRemark, readReferenceCountry } from "./wording";

const ie = (over: Partial<Parameters<typeof readKind>[1]> = {}) =>
  readKind("industry_economics", {
    commodity: "Electricity",
    assessment: "",
    defaultUnit: "kWh",
    availableCurrencies: ["USD", "EUR"],
    availableUnits: ["kWh", "MWh"],
    ...over,
  });
const none = { availableCurrencies: ["N/A"], availableUnits: ["N/A"] };

describe("readKind", () => {
  it("reads the simulator's and other wordings of indices and factors", () => {
    expect(ie({ commodity: "Plant construction cost index", ...none }).kind).toBe("cost_index");
    expect(ie({ commodity: "Capital cost escalation, process plant", ...none }).kind).toBe("cost_index");
    expect(ie({ commodity: "Plant location factor", ...none }).kind).toBe("location_factor");
  });

  it("tells utilities by their currency/unit lists first, and indices by their unit, when the words say nothing", () => {
    expect(ie({ commodity: "Power for construction cost sites" }).kind).toBe("utility");
    expect(ie({ commodity: "Cooling water" })).toEqual({ kind: "utility", recognised: true });
    expect(ie({ commodity: "Plant costs", defaultUnit: "Factor", ...none }).kind).toBe("location_factor");
    expect(ie({ commodity: "Plant costs", defaultUnit: "Index (2007=100)", ...none }).kind).toBe(
      "cost_index",
    );
  });

  it("says unknown rather than guessing", () => {
    expect(ie({ commodity: "Something new", defaultUnit: "N/A", ...none })).toEqual({
      kind: "unknown",
      recognised: false,
    });
    expect(readKind("energy_price", { ...none, commodity: "?", assessment: "", defaultUnit: "" }).kind).toBe(
      "energy",
    );
  });
});

describe("conversionOffered", () => {
  it("follows the vendor's lists: N/A lists mean no conversion", () => {
    expect(conversionOffered("utility", ["USD", "EUR"], ["kWh"])).toBe(true);
    expect(conversionOffered("unknown", ["N/A"], ["N/A"])).toBe(false);
    expect(conversionOffered("unknown", ["USD"], ["N/A"])).toBe(true);
    expect(conversionOffered("cost_index", ["USD"], ["N/A"])).toBe(false);
  });
});

describe("readReferenceCountry", () => {
  it.each([
    ["Relative to United States = 1.00", "United States"],
    ["Base location: Germany (=1)", "Germany"],
    ["Index vs. Japan", "Japan"],
    ["United Kingdom = 1.0", "United Kingdom"],
  ])("reads %s", (text, country) => {
    expect(readReferenceCountry(text)).toBe(country);
  });

  it("returns null for wording it cannot read, or a place that is not a covered country", () => {
    expect(readReferenceCountry("Quarterly, USD basis")).toBeNull();
    expect(readReferenceCountry("Relative to Gulf Coast = 1.00")).toBeNull();
    expect(readReferenceCountry(null, "Relative to France = 1.00")).toBe("France");
  });
});

describe("readLifecycleRemark", () => {
  it("reads the simulator's default wording", () => {
    expect(
      readLifecycleRemark("Discontinued from the 2026-03 release; replaced by 07214-8-1", "38407-15-1"),
    ).toEqual({
      discontinued: true,
      replacedBy: "07214-8-1",
      replaces: null,
      recognised: true,
    });
    expect(readLifecycleRemark("Replaces 38407-15-1", "07214-8-1")).toMatchObject({
      discontinued: false,
      replaces: "38407-15-1",
    });
  });

  it("reads other wordings of the same facts", () => {
    expect(
      readLifecycleRemark(
        "Assessment ceased with the Mar 2026 publication. Successor series: 07214-8-1",
        "1-1-1",
      ),
    ).toMatchObject({ discontinued: true, replacedBy: "07214-8-1", recognised: true });
    expect(readLifecycleRemark("Continues series 38407-15-1", "1-1-1")).toMatchObject({
      discontinued: false,
      replaces: "38407-15-1",
    });
    expect(readLifecycleRemark("Superseded by 2-2-2 from 2026-04", "1-1-1")).toMatchObject({
      discontinued: true,
      replacedBy: "2-2-2",
    });
  });

  it("leaves a code in unknown words unread instead of guessing its direction", () => {
    expect(readLifecycleRemark("Compare 2-2-2 for the spot price", "1-1-1")).toEqual({
      discontinued: false,
      replacedBy: null,
      replaces: null,
      recognised: false,
    });
    expect(readLifecycleRemark("Prices include excise duties", "1-1-1").recognised).toBe(true);
    // A series that is not discontinued is replaced by nothing, whatever code its remark names.
    expect(readLifecycleRemark("See also 12345-1-2 for the USD version", "1-1-1").replacedBy).toBeNull();
    expect(readLifecycleRemark("Replacement for 12345-1-2", "1-1-1")).toMatchObject({
      replacedBy: null,
      replaces: "12345-1-2",
    });
    expect(readLifecycleRemark(null, "1-1-1").discontinued).toBe(false);
  });
});
