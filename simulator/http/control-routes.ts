// The control API for tests and demos (only with --control): the simulated clock, quotas, faults,
// token expiry and served-request statistics.
import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import { latestReleasedMonth, releaseInstant } from "@/lib/domain/calendar";
import { monthToKey } from "@/lib/domain/months";
import { serviceSchema } from "@/lib/domain/services";
import type { SimulatorState } from "../state";
import { faultsSchema, NO_FAULTS } from "../state/faults";
import { readJsonBody } from "./body";
import { SimError, sendJson } from "./respond";

const clockBody = z.union([
  z.object({ now: z.iso.datetime({ offset: true }) }),
  z.object({ advance: z.enum(["next-release", "next-day"]) }),
  z.object({ advanceMs: z.number().int() }),
]);
const quotaBody = z.object({
  service: serviceSchema,
  dataset: z.string().min(1),
  remaining: z.number().int().min(0),
});

function snapshot(state: SimulatorState) {
  const now = state.clock.now();
  return {
    now: now.toISOString(),
    vintage: monthToKey(state.vintage(now)),
    latestReleasedMonth: monthToKey(latestReleasedMonth(now, state.rules)),
    nextRelease: releaseInstant(state.vintage(now) + 1, state.rules).toISOString(),
    faults: state.faults,
    stats: state.limits.stats,
  };
}

export async function handleControl(
  state: SimulatorState,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
) {
  const token = state.options.controlToken;
  if (token && req.headers["x-control-token"] !== token)
    throw new SimError(401, "unauthorized", "Control token required.");
  const route = `${req.method} ${path}`;
  switch (route) {
    case "GET /_control/state":
      return sendJson(res, 200, snapshot(state));
    case "POST /_control/clock": {
      const body = clockBody.parse(await readJsonBody(req));
      if ("now" in body) state.clock.set(new Date(body.now));
      else if ("advanceMs" in body) state.clock.advance(body.advanceMs);
      else if (body.advance === "next-day") state.clock.advance(86_400_000);
      else state.clock.set(new Date(releaseInstant(state.vintage() + 1, state.rules).getTime() + 60_000));
      return sendJson(res, 200, snapshot(state));
    }
    case "POST /_control/quotas/reset":
      state.limits.resetQuotas();
      return sendJson(res, 200, snapshot(state));
    case "POST /_control/quotas": {
      const body = quotaBody.parse(await readJsonBody(req));
      // The same keys as the data-limits report and the quota counting (any letter case).
      const dataset = state.canonicalDataset(body.dataset);
      if (!dataset)
        throw new SimError(
          400,
          "bad_request",
          `Unknown dataset "${body.dataset}"; the keys are: ${state.datasetKeys.join(", ")}.`,
        );
      const key = state.limits.datasetKey(body.service, dataset, state.vintage());
      state.limits.setMonthlyUsed(key, Math.max(0, state.limits.limits.codeQuota - body.remaining));
      return sendJson(res, 200, { ...body, dataset, total: state.limits.limits.codeQuota });
    }
    case "PUT /_control/faults":
      state.setFaults(faultsSchema.parse(await readJsonBody(req)));
      return sendJson(res, 200, state.faults);
    case "DELETE /_control/faults":
      state.setFaults(NO_FAULTS);
      return sendJson(res, 200, state.faults);
    case "POST /_control/tokens/expire":
      state.tokens.expireAll();
      return sendJson(res, 200, { expired: true });
    case "GET /_control/stats":
      return sendJson(res, 200, state.limits.stats);
    case "DELETE /_control/stats":
      state.limits.resetStats();
      return sendJson(res, 200, state.limits.stats);
    default:
      throw new SimError(404, "not_found", `No control route ${route}.`);
  }
}
