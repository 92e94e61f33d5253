import { describe, expect, it } from "vitest";
import { convertUnitPrice, parseList, unitByName } from "./reference";

const u = (s: string) => {
  const unit = unitByName(s);
  if (!unit) throw new Error(s);
  return unit;
};

describe("unit price conversion", () => {
  it.each([
    ["MWh", "kWh", 100, 0.1],
    ["MMBtu", "GJ", 10, 10 / 1.055056],
    ["mt", "kg", 500, 0.5],
    ["Bbl", "l", 158.987294928, 1],
    ["kWh", "MWh", 0.25, 250],
  ])("%s → %s", (from, to, value, expected) => {
    expect(convertUnitPrice(value, u(from), u(to))).toBeCloseTo(expected, 9);
  });

  it("crosses dimensions only with the commodity's physics", () => {
    expect(convertUnitPrice(100, u("mt"), u("Bbl"))).toBeNull();
    // diesel 832 kg/m3: one barrel weighs 132.28 kg, so $800/t is $105.82/bbl
    expect(convertUnitPrice(800, u("mt"), u("Bbl"), { densityKgPerM3: 832 })).toBeCloseTo(105.82, 2);
    // energy ↔ mass: coal 25 MJ/kg → 25 GJ per tonne
    expect(convertUnitPrice(100, u("mt"), u("GJ"), { energyGjPerKg: 0.025 })).toBeCloseTo(4, 9);
  });

  it("is its own inverse", () => {
    const physics = { densityKgPerM3: 745, energyGjPerKg: 0.0434 };
    const there = convertUnitPrice(2.5, u("gal"), u("MMBtu"), physics) ?? Number.NaN;
    expect(convertUnitPrice(there, u("MMBtu"), u("gal"), physics)).toBeCloseTo(2.5, 9);
  });

  it("reads the vendor's comma-and-space lists", () => {
    expect(parseList("USD, EUR, USD cent")).toEqual(["USD", "EUR", "USD cent"]);
    expect(parseList("N/A")).toEqual([]);
    expect(parseList("USD, EUR, USD")).toEqual(["USD", "EUR"]);
  });
});
