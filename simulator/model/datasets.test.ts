import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COUNTRIES } from "@/lib/domain/countries";
import { allDatasets, datasetOf, regionOf, regionsOf } from "./datasets";

const countries = COUNTRIES.map((c) => c.name);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe.each(["default", "live"] as const)("the %s region scheme", (scheme) => {
  it("puts every covered country in exactly one region", () => {
    const listed = Object.values(regionsOf(scheme)).flat();
    expect([...listed].sort()).toEqual([...countries].sort());
    for (const country of countries) expect(typeof regionOf(country, scheme)).toBe("string");
  });

  it("keys datasets by region or by country", () => {
    expect(datasetOf("Germany", "country", scheme)).toBe("Germany");
    expect(datasetOf("Germany", "region", scheme)).toBe(regionOf("Germany", scheme));
    expect(allDatasets(countries, "region", scheme)).toEqual(Object.keys(regionsOf(scheme)));
    expect(allDatasets(countries, "country", scheme)).toEqual(countries);
  });
});

describe("region names", () => {
  it("keeps the four regions of the default scheme", () => {
    expect(Object.keys(regionsOf("default"))).toEqual([
      "Americas",
      "Europe",
      "Asia Pacific",
      "Middle East & Africa",
    ]);
    expect(regionOf("Turkey", "default")).toBe("Europe");
    expect(regionOf("Russia", "default")).toBe("Europe");
  });

  it("groups the live scheme differently, Turkey and Russia outside Europe", () => {
    expect(regionOf("Turkey", "live")).toBe("MEA");
    expect(regionOf("Russia", "live")).toBe("APAC-N");
    expect(regionOf("Mexico", "live")).toBe(regionOf("Canada", "live"));
    expect(regionOf("Mexico", "live")).not.toBe(regionOf("Brazil", "live"));
  });

  it("names live regions with nothing the app's code could match: no country, no default region", () => {
    const known = new Set([...countries, ...Object.keys(regionsOf("default"))].map((n) => n.toLowerCase()));
    const lib = sourceFiles(path.resolve(__dirname, "../../lib")).map((f) => readFileSync(f, "utf8"));
    for (const region of Object.keys(regionsOf("live"))) {
      expect(known.has(region.toLowerCase()), region).toBe(false);
      for (const text of lib) expect(text.includes(region), region).toBe(false);
    }
  });
});
