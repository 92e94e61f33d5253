import { describe, expect, it } from "vitest";
import { parseSearch, typoCandidate } from "./search-query";

describe("parseSearch", () => {
  it("reads country ISO codes and common names as the country", () => {
    for (const q of ["USA", "us", "America", "united states of america"])
      expect(parseSearch(q)[0]?.texts).toContain("united states");
    expect(parseSearch("DE")[0]?.texts).toEqual(["germany"]);
    expect(parseSearch("uk")[0]?.texts).toEqual(["united kingdom"]);
    expect(parseSearch("great britain")).toHaveLength(1);
  });

  it("reads currencies and units by code or name, as the native ones", () => {
    expect(parseSearch("MMBtu")[0]?.units).toEqual(["MMBtu"]);
    expect(parseSearch("barrels")[0]?.units).toEqual(["Bbl"]);
    expect(parseSearch("euro")[0]?.currencies).toEqual(["EUR"]);
    const [pound] = parseSearch("pound");
    expect(pound?.currencies).toEqual(["GBP"]);
    expect(pound?.units).toEqual(["lb"]);
  });

  it("keeps other words as typed, once each, at most eight", () => {
    expect(parseSearch("  Natural   GAS gas ").map((t) => t.word)).toEqual(["natural", "gas"]);
    expect(parseSearch("a b c d e f g h i j")).toHaveLength(8);
    expect(parseSearch("")).toEqual([]);
    expect(parseSearch(undefined)).toEqual([]);
  });

  it("takes long plain words as possible typos, never codes or aliases", () => {
    const [typo, code, alias, short] = parseSearch("electrcity 53776-3-2 germany gas");
    expect(typoCandidate(typo as never)).toBe(true);
    expect(typoCandidate(code as never)).toBe(false);
    expect(typoCandidate(short as never)).toBe(false);
    expect(alias?.word).toBe("germany");
  });
});
