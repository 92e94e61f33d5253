// POST /access_token/v1 with {"username","password"} → {"access_token"}.
import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import type { SimulatorState } from "../state";
import { readJsonBody } from "./body";
import { SimError, sendJson } from "./respond";

const credentials = z.object({ username: z.string(), password: z.string() });

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function handleToken(
  state: SimulatorState,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (req.method !== "POST") throw new SimError(405, "method_not_allowed", "Use POST with a JSON body.");
  if (!String(req.headers["content-type"] ?? "").includes("application/json")) {
    throw new SimError(400, "bad_request", "Content-Type must be application/json.");
  }
  const parsed = credentials.safeParse(await readJsonBody(req));
  if (!parsed.success)
    throw new SimError(400, "bad_request", "The body must be a JSON object with username and password.");
  const wait = state.limits.takeRateToken(`token:${parsed.data.username}`, Date.now());
  if (wait > 0) throw new SimError(429, "rate_limited", "Too many token requests.", wait);
  const ok =
    same(parsed.data.username, state.options.username) && same(parsed.data.password, state.options.password);
  if (!ok)
    throw new SimError(
      401,
      "unauthorized",
      "Invalid username or password, or the user lacks the Developer role.",
    );
  const token = await state.tokens.issue(parsed.data.username, state.clock.now());
  sendJson(
    res,
    200,
    state.options.extraFields
      ? { access_token: token, token_type: "Bearer", expires_in: state.tokens.ttlSeconds, scope: "api.read" }
      : { access_token: token },
  );
}
