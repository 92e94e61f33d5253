import { describe, expect, it } from "vitest";
import { listenHost, parseEnv } from "./env";

describe("listenHost", () => {
  it("keeps the demo on this machine unless HOST says otherwise", () => {
    expect(listenHost(parseEnv({}))).toBe("127.0.0.1");
    expect(listenHost(parseEnv({ HOST: "0.0.0.0" }))).toBe("0.0.0.0");
    const vendor = { UPSTREAM_BASE_URL: "https://v.test", UPSTREAM_USERNAME: "u", UPSTREAM_PASSWORD: "p" };
    expect(listenHost(parseEnv(vendor))).toBe("0.0.0.0");
    expect(listenHost(parseEnv({ ...vendor, HOST: "10.1.2.3" }))).toBe("10.1.2.3");
  });
});
