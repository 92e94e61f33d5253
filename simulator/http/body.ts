import type { IncomingMessage } from "node:http";
import { SimError } from "./respond";

/** Reads a small JSON body; a bad one is a 400. */
export async function readJsonBody(req: IncomingMessage, limit = 16_384): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new SimError(400, "bad_request", "Request body too large.");
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new SimError(400, "bad_request", "The request body is not valid JSON.");
  }
}
