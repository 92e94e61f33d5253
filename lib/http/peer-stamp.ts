import "server-only";
// Stamps each incoming request with the address of the socket it arrived on, under a header name a
// client cannot set (any value it sent is overwritten). Route handlers see only a Request, not the
// socket; this is how they learn the peer (client-address.ts). Installed once per server process.
import http from "node:http";
import { PEER_HEADER } from "./client-address";

const marker = Symbol.for("price-atlas.peer-stamp");

export function installPeerStamp(): void {
  const proto = http.Server.prototype as unknown as Record<symbol, unknown> & {
    emit: (event: string, ...args: unknown[]) => boolean;
  };
  if (proto[marker]) return;
  proto[marker] = true;
  const emit = proto.emit;
  proto.emit = function (this: unknown, event: string, ...args: unknown[]) {
    if (event === "request") {
      const req = args[0] as http.IncomingMessage;
      req.headers[PEER_HEADER] = req.socket?.remoteAddress ?? "";
    }
    return emit.call(this, event, ...args);
  };
}
