// The vendor's data operations, checked in the order a gateway and backend would: authentication,
// availability windows, rate, daily quota, plan, request syntax, subscription, monthly quota.

import type { IncomingMessage, ServerResponse } from "node:http";
import { nextVendorDayStart, releaseInstant, vendorDay, windowAt } from "@/lib/domain/calendar";
import { isCode } from "@/lib/domain/codes";
import { currencyFromId, unitFromId } from "@/lib/domain/reference";
import { conversionApplies, MAX_CODES_PER_CALL, type ServiceName } from "@/lib/domain/services";
import type { Series } from "../model/catalogue";
import { infoRecord, valuesRecord } from "../model/records";
import type { SimulatorState } from "../state";
import { type Faults, faultTargets } from "../state/faults";
import { applyMalformation } from "./malform";
import { SimError, sendJson } from "./respond";

export type DataOperation = "series_info" | "series" | "series_hist" | "data_limits";
export type DataRoute = {
  service: ServiceName;
  sandbox: boolean;
  operation: DataOperation;
  codes?: string;
  params: URLSearchParams;
};

const ROUTE =
  /^\/(industry_economics|energy_price)\/v1\/(sandbox\/)?(export\/series_hist|export\/series|data_limits)(?:\/(.*))?$/;

/** Parses `/energy_price/v1/export/series/<codes>&c=3&u=7` (a `?` query is tolerated too). */
export function matchDataRoute(rawUrl: string): DataRoute | null {
  const [path = "", query = ""] = rawUrl.split("?", 2);
  const m = ROUTE.exec(path);
  if (!m) return null;
  const [, service, sandbox, op, rest] = m;
  const operation: DataOperation =
    op === "data_limits"
      ? "data_limits"
      : op === "export/series_hist"
        ? "series_hist"
        : rest
          ? "series"
          : "series_info";
  if (operation === "data_limits" && rest) return null;
  if (operation === "series_hist" && !rest) return null;
  const params = new URLSearchParams(query);
  let codes: string | undefined;
  if (rest) {
    const amp = rest.indexOf("&");
    codes = decodeURIComponent(amp === -1 ? rest : rest.slice(0, amp));
    if (amp !== -1) for (const [k, v] of new URLSearchParams(rest.slice(amp + 1))) params.set(k, v);
  }
  return { service: service as ServiceName, sandbox: Boolean(sandbox), operation, codes, params };
}

function bearer(req: IncomingMessage): string | null {
  const header = req.headers.authorization ?? "";
  const m = /^Bearer\s+(.+)$/i.exec(header);
  return m?.[1]?.trim() ?? null;
}

function parseId(value: string | null, kind: "c" | "u"): number | undefined {
  if (value === null) return undefined;
  if (!/^\d+$/.test(value))
    throw new SimError(
      400,
      "bad_request",
      `Invalid ${kind} parameter "${value}": an integer ID is expected.`,
    );
  const id = Number(value);
  const known = kind === "c" ? currencyFromId(id) : unitFromId(id);
  if (!known)
    throw new SimError(400, "bad_request", `Unknown ${kind === "c" ? "currency" : "unit"} ID ${id}.`);
  return id;
}

export async function checkAccess(state: SimulatorState, req: IncomingMessage, route: DataRoute) {
  const now = state.clock.now();
  const token = bearer(req);
  if (!token)
    throw new SimError(
      401,
      "unauthorized",
      "The Authorization header with a Bearer access token is missing.",
    );
  const claims = await state.tokens.verify(token, now);
  if ("invalid" in claims) throw new SimError(401, "unauthorized", claims.invalid);
  const window = windowAt(now, state.rules);
  const forced = state.faults.forceMaintenance
    ? "maintenance"
    : state.faults.forceReleasePending
      ? "release"
      : null;
  if (window || forced) {
    const kind = forced ?? window?.kind;
    const retry = window ? (window.end.getTime() - now.getTime()) / 1000 : 60;
    throw kind === "maintenance"
      ? new SimError(
          503,
          "maintenance",
          `The API is in a maintenance window until ${(window?.end ?? now).toISOString()}.`,
          retry,
        )
      : new SimError(503, "release_pending", "The monthly release has not been published yet.", retry);
  }
  const wait = state.limits.takeRateToken(
    `${claims.jti}:${route.service}:${route.operation}:${route.sandbox}`,
    Date.now(),
  );
  if (wait > 0)
    throw new SimError(
      429,
      "rate_limited",
      "Rate limit of 10 requests per second per operation exceeded.",
      wait,
    );
  const day = vendorDay(now);
  const dailyKey = route.sandbox ? `sandbox:${route.operation}:${day}` : `daily:${day}`;
  const dailyLimit =
    route.sandbox && route.operation !== "data_limits"
      ? state.limits.limits.sandboxDaily[route.operation]
      : state.limits.limits.dailyQuota;
  if (state.limits.dailyUsed(dailyKey) >= dailyLimit) {
    const retry = (nextVendorDayStart(now).getTime() - now.getTime()) / 1000;
    throw new SimError(429, "quota_exceeded", `Daily quota of ${dailyLimit} requests reached.`, retry);
  }
  if (!state.serviceSubscribed(route.service))
    throw new SimError(403, "not_subscribed", `Your subscription does not include ${route.service}.`);
  if (route.operation === "series_hist" && !state.options.history && !route.sandbox) {
    throw new SimError(
      403,
      "not_subscribed",
      "Series Values History is not part of your plan's Data Automation Option.",
    );
  }
  return { now, dailyKey };
}

function secondsToNextRelease(state: SimulatorState, now: Date): number {
  return (releaseInstant(state.vintage(now) + 1, state.rules).getTime() - now.getTime()) / 1000;
}

/** Resolves codes and c/u; unknown codes are dropped, codes outside the subscription refused. */
function resolveCodes(
  state: SimulatorState,
  route: DataRoute,
): { found: Series[]; currencyId?: number; unitId?: number } {
  const codes = (route.codes ?? "").split(",").map((c) => c.trim());
  if (codes.length > MAX_CODES_PER_CALL) {
    throw new SimError(
      400,
      "too_many_codes",
      `Too many codes: ${codes.length} requested, at most ${MAX_CODES_PER_CALL} per call.`,
    );
  }
  const bad = codes.find((c) => !isCode(c));
  if (bad !== undefined)
    throw new SimError(400, "bad_request", `Invalid code "${bad}": codes look like 68520-8-1.`);
  const ignoreCu = route.sandbox && route.operation === "series_hist";
  const currencyId = ignoreCu ? undefined : parseId(route.params.get("c"), "c");
  const unitId = ignoreCu ? undefined : parseId(route.params.get("u"), "u");
  const vintage = state.vintage();
  const found: Series[] = [];
  const seen = new Set<string>();
  for (const code of codes) {
    if (seen.has(code)) continue;
    seen.add(code);
    const s = state.catalogue.findCode(route.service, code, vintage);
    if (!s) continue;
    if (!state.datasetSubscribed(s.dataset))
      throw new SimError(403, "not_subscribed", `Code ${code} is outside your subscription.`);
    if (conversionApplies(s.template.kind)) {
      const currency = currencyId ? currencyFromId(currencyId)?.short : undefined;
      const unit = unitId ? unitFromId(unitId)?.short : undefined;
      if (currency && !s.template.currencies.includes(currency)) {
        throw new SimError(400, "bad_request", `Currency ${currency} is not available for code ${code}.`);
      }
      if (unit && !s.template.units.includes(unit))
        throw new SimError(400, "bad_request", `Unit ${unit} is not available for code ${code}.`);
    }
    found.push(s);
  }
  return { found, currencyId, unitId };
}

/**
 * --transient-fault-rate: the backend fails a request now and then, after the gateway's checks and
 * before anything is counted — a 503 HTML page without Retry-After or a 500 in plain text.
 */
function transientFault(state: SimulatorState, req: IncomingMessage): void {
  const status = state.transientFault(`${req.method} ${req.url}`);
  if (status === 503)
    throw new SimError(503, "server_error", "The service is temporarily unavailable.", undefined, "gateway");
  if (status === 500) throw new SimError(500, "server_error", "Internal Server Error", undefined, "gateway");
}

function limitsReport(state: SimulatorState, service: ServiceName, period: number) {
  const limits = state.limits;
  const total = limits.limits.codeQuota;
  const { stringScalars, extraFields } = state.style;
  const report: Record<string, Record<string, unknown>> = {};
  for (const dataset of state.datasetsOf(service)) {
    const remaining = limits.datasetRemaining(service, dataset, period);
    const entry: Record<string, unknown> = stringScalars
      ? { remaining_requests: String(remaining), total_requests: String(total) }
      : { remaining_requests: remaining, total_requests: total };
    if (extraFields) {
      entry.used_requests = total - remaining;
      entry.renewal_period = "P1M";
      entry.last_reset = releaseInstant(period, state.rules).toISOString();
      entry.policy = { scope: "data-automation", counted: "codes" };
    }
    report[dataset] = entry;
  }
  return report;
}

export async function handleData(state: SimulatorState, req: IncomingMessage, route: DataRoute) {
  const { now, dailyKey } = await checkAccess(state, req, route);
  const limits = state.limits;
  const period = state.vintage(now);
  if (route.operation === "data_limits") {
    if (route.sandbox) throw new SimError(404, "not_found", "The sandbox has no data_limits operation.");
    transientFault(state, req);
    const report = limitsReport(state, route.service, period);
    limits.countDaily(dailyKey);
    return { status: 200, body: report, dataRequests: 0 };
  }
  if (route.operation === "series_info") {
    const infoKey = limits.monthlyKey("series_info", period);
    if (!route.sandbox && limits.monthlyUsed(infoKey) >= limits.limits.seriesInfoMonthlyQuota) {
      throw new SimError(
        429,
        "quota_exceeded",
        "Series Info monthly quota reached.",
        secondsToNextRelease(state, now),
      );
    }
    transientFault(state, req);
    limits.countDaily(dailyKey);
    if (!route.sandbox) limits.addMonthly(infoKey, 1);
    const vintage = state.vintage(now);
    const records = (function* () {
      for (const s of state.catalogue.listed(route.service, vintage)) {
        if (state.datasetSubscribed(s.dataset)) yield infoRecord(s, state.catalogue, state.style);
      }
    })();
    return { status: 200, stream: records, dataRequests: 0 };
  }
  const { found, currencyId, unitId } = resolveCodes(state, route);
  const needed = new Map<string, number>();
  if (!route.sandbox) {
    for (const s of found) needed.set(s.dataset, (needed.get(s.dataset) ?? 0) + 1);
    for (const [dataset, n] of needed) {
      const remaining = limits.datasetRemaining(route.service, dataset, period);
      if (remaining < n) {
        throw new SimError(
          429,
          "quota_exceeded",
          `Monthly quota limit reached for dataset ${dataset}: ${remaining} of ${limits.limits.codeQuota} requests remaining, ${n} needed.`,
          secondsToNextRelease(state, now),
        );
      }
    }
  }
  transientFault(state, req);
  for (const [dataset, n] of needed) limits.addMonthly(limits.datasetKey(route.service, dataset, period), n);
  limits.countDaily(dailyKey);
  const body = found.map((s) => {
    const applies = conversionApplies(s.template.kind);
    return valuesRecord(
      s,
      state.catalogue,
      {
        history: route.operation === "series_hist",
        currency:
          applies && currencyId ? (currencyFromId(currencyId)?.short as string) : s.template.defaultCurrency,
        unit: applies && unitId ? (unitFromId(unitId)?.short as string) : s.template.defaultUnit,
        forecastMonths: state.options.forecastMonths,
        sandbox: route.sandbox,
      },
      state.style,
    );
  });
  return { status: 200, body, dataRequests: found.length };
}

export function sendData(
  state: SimulatorState,
  res: ServerResponse,
  body: unknown,
  operation: string,
  faults: Faults,
): void {
  if (faults.malformedRate > 0 && faultTargets(faults, operation) && state.draw(faults.malformedRate, 31)) {
    const text = applyMalformation(body, faults.malformedKind);
    res.writeHead(200, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(text),
    });
    res.end(text);
    return;
  }
  sendJson(res, 200, body);
}
