// The simulator's HTTP server (node:http, no framework): one base URL serving the token service,
// both data services and, with --control, the control API.
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { ZodError } from "zod";
import { resolveOptions, type SimulatorInput } from "./config";
import { handleControl } from "./http/control-routes";
import { handleData, matchDataRoute, sendData } from "./http/data-routes";
import { applyMalformation } from "./http/malform";
import { SimError, sendError, sendJson } from "./http/respond";
import { handleToken } from "./http/token-route";
import { SimulatorState } from "./state";
import { type Faults, faultTargets } from "./state/faults";

export type Simulator = {
  url: string;
  port: number;
  state: SimulatorState;
  server: Server;
  close(): Promise<void>;
};

/** Injected network faults; true when the request was answered (or dropped) here. */
async function networkFaults(
  state: SimulatorState,
  operation: string,
  res: ServerResponse,
): Promise<boolean> {
  const f = state.faults;
  if (!faultTargets(f, operation)) return false;
  if (f.latencyMs) await sleep(f.latencyMs);
  state.spendFaultBudget();
  if (f.rateLimitStorm > 0) {
    f.rateLimitStorm--;
    throw new SimError(429, "rate_limited", "Rate limit exceeded (injected).", 1);
  }
  if (state.draw(f.dropRate, 11)) {
    res.socket?.destroy();
    return true;
  }
  if (state.draw(f.timeoutRate, 12)) {
    const timer = setTimeout(() => res.socket?.destroy(), f.timeoutMs);
    res.on("close", () => clearTimeout(timer));
    return true;
  }
  if (state.draw(f.errorRate, 13))
    throw new SimError(f.errorStatus, "server_error", "Injected server error.", f.retryAfterSeconds);
  return false;
}

async function streamArray(
  state: SimulatorState,
  res: ServerResponse,
  items: Iterable<unknown>,
  operation: string,
  faults: Faults,
): Promise<void> {
  if (faults.malformedRate > 0 && faultTargets(faults, operation) && state.draw(faults.malformedRate, 31)) {
    const text = applyMalformation([...items], faults.malformedKind);
    res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
    res.end(text);
    return;
  }
  res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
  let buffer = "[";
  let first = true;
  for (const item of items) {
    buffer += (first ? "" : ",") + JSON.stringify(item);
    first = false;
    if (buffer.length > 65_536) {
      if (!res.write(buffer)) await once(res, "drain");
      buffer = "";
    }
  }
  res.end(`${buffer}]`);
}

async function handle(state: SimulatorState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = req.url ?? "/";
  const path = url.split("?")[0] ?? "/";
  let operation = "other";
  try {
    if (state.options.latencyMs) await sleep(state.options.latencyMs);
    if (path === "/healthz")
      return sendJson(res, 200, { status: "ok", now: state.clock.now().toISOString() });
    if (path.startsWith("/_control/")) {
      if (!state.options.control) throw new SimError(404, "not_found", "Not found.");
      return await handleControl(state, req, res, path);
    }
    if (path === "/access_token/v1") {
      operation = "token";
      state.limits.arrive(operation, Date.now());
      if (await networkFaults(state, operation, res)) return;
      await handleToken(state, req, res);
      state.limits.record(operation, 200, 0);
      return;
    }
    const route = matchDataRoute(url);
    if (!route) throw new SimError(404, "not_found", `No operation at ${path}.`);
    operation = `${route.sandbox ? "sandbox:" : ""}${route.operation}`;
    state.limits.arrive(operation, Date.now());
    if (req.method !== "GET") throw new SimError(405, "method_not_allowed", "Use GET.");
    // The faults in force when the request arrived apply to its answer too (a `count` may end them).
    const faults = state.faults;
    if (await networkFaults(state, route.operation, res)) return;
    const result = await handleData(state, req, route);
    if ("stream" in result && result.stream)
      await streamArray(state, res, result.stream, route.operation, faults);
    else sendData(state, res, result.body, route.operation, faults);
    state.limits.record(operation, 200, result.dataRequests);
  } catch (error) {
    const simError =
      error instanceof SimError
        ? error
        : error instanceof ZodError
          ? new SimError(
              400,
              "bad_request",
              error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "),
            )
          : new SimError(500, "server_error", "Internal error.");
    if (!(error instanceof SimError) && !(error instanceof ZodError)) console.error(error);
    state.limits.record(operation, simError.status, 0);
    if (!res.headersSent) sendError(res, simError, state.options.gatewayStyle);
    else res.destroy();
  } finally {
    if (state.options.verbose) console.log(`${req.method} ${url} → ${res.statusCode}`);
  }
}

export async function startSimulator(input: SimulatorInput = {}): Promise<Simulator> {
  const state = new SimulatorState(resolveOptions(input));
  const server = createServer((req, res) => void handle(state, req, res));
  server.keepAliveTimeout = 30_000;
  server.listen(state.options.port, state.options.host);
  await once(server, "listening");
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${state.options.host}:${port}`,
    port,
    state,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
