import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { PEER_HEADER } from "./client-address";
import { installPeerStamp } from "./peer-stamp";

describe("installPeerStamp", () => {
  it("stamps the socket's address on each request, over anything the client sent", async () => {
    installPeerStamp();
    const server = http.createServer((req, res) => res.end(String(req.headers[PEER_HEADER])));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as AddressInfo;
    const seen = await (
      await fetch(`http://127.0.0.1:${port}/`, { headers: { [PEER_HEADER]: "203.0.113.7" } })
    ).text();
    await new Promise((r) => server.close(r));
    expect(seen).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });
});
