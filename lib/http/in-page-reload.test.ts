import { describe, expect, it } from "vitest";
import { isInPageReload } from "./in-page-reload";

const headers = (h: Record<string, string>) => ({ get: (name: string) => h[name] ?? null });
const PATH = "/series/energy_price/72295-2-1";

describe("isInPageReload", () => {
  it("is a fetch of the same path from that path (a control on the page)", () => {
    const h = headers({ "sec-fetch-dest": "empty", referer: `https://atlas.example${PATH}?currency=USD` });
    expect(isInPageReload(h, PATH)).toBe(true);
  });

  it("is not a document load, even from the same page (reload, new tab)", () => {
    const h = headers({ "sec-fetch-dest": "document", referer: `https://atlas.example${PATH}` });
    expect(isInPageReload(h, PATH)).toBe(false);
  });

  it("is not a navigation from another page (a catalogue link) or without a referer", () => {
    expect(
      isInPageReload(
        headers({ "sec-fetch-dest": "empty", referer: "https://atlas.example/catalogue" }),
        PATH,
      ),
    ).toBe(false);
    expect(isInPageReload(headers({ "sec-fetch-dest": "empty" }), PATH)).toBe(false);
    expect(isInPageReload(headers({ referer: `https://atlas.example${PATH}` }), PATH)).toBe(false);
    expect(isInPageReload(headers({ "sec-fetch-dest": "empty", referer: "not a url" }), PATH)).toBe(false);
  });
});
