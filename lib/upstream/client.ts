import "server-only";
// The vendor client. Every call goes through the same path: refuse inside a vendor window, take
// the call budgets (daily calls, Series Info per month, dataset codes) before sending, wait for a
// slot of the shared 10 requests/s per operation, send with a timeout and the shared token, map
// errors to the taxonomy, retry only what retrying can fix, validate the answer with zod, and
// write one ledger row per HTTP call. Credentials and tokens never leave this module.
import type { z } from "zod";
import {
  type CalendarRules,
  nextAllowedTime,
  releaseInstant,
  releasePeriod,
  windowAt,
} from "@/lib/domain/calendar";
import { MAX_CODES_PER_CALL, type Operation, type ServiceName } from "@/lib/domain/services";
import { type BudgetRules, takeCallBudgets } from "./budgets";
import { classifyHttpError, retryableNow, UpstreamError } from "./errors";
import {
  type DataLimits,
  dataLimitsSchema,
  type InfoRecord,
  seriesInfoSchema,
  seriesValuesSchema,
  type ValuesRecord,
} from "./schemas";
import type { LedgerEntry, UpstreamStores } from "./stores";
import { type Credentials, TokenManager } from "./token";

export type ClientConfig = Credentials & {
  sandbox: boolean;
  timeoutMs: number;
  ratePerSecond: number;
  dailyQuota: number;
  seriesInfoMonthlyQuota: number;
  calendar: CalendarRules;
  /** Attempts for transient failures (429 rate, 5xx, a 503 outside the windows, network, timeout). */
  maxAttempts?: number;
  /** Longest single wait the client sleeps through by itself; longer waits are raised to the caller. */
  maxWaitMs?: number;
  /** Longest time one call may spend waiting between its retries, all waits together. */
  retryBudgetMs?: number;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
};

export type CallContext = {
  cause: string;
  syncRunId?: string;
  userId?: string;
  /** The dataset of each code, to charge the monthly code quota, keeping `floor` codes in reserve. */
  charge?: { datasetOf: Record<string, string>; floor: number };
  /**
   * Takes a valid answer and its ledger entry and keeps both in one write, before anything else
   * happens: a crash right after the vendor answered then never means paying for it again.
   */
  onAnswer?: (records: ValuesRecord[], entry: LedgerEntry) => Promise<void>;
};

export type ValuesRequest = { codes: string[]; currencyId?: number; unitId?: number };

const RATE_MARGIN = 1.1;

const realSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class UpstreamClient {
  readonly tokens: TokenManager;
  /** The client's clock (the simulator's in tests). */
  readonly now: () => Date;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly config: ClientConfig,
    private readonly stores: UpstreamStores,
  ) {
    this.now = config.now ?? (() => new Date());
    this.sleep = config.sleep ?? realSleep;
    this.tokens = new TokenManager(config, stores.token, this.now, config.timeoutMs);
  }

  get calendar(): CalendarRules {
    return this.config.calendar;
  }

  /** When the next call may be sent (now, or the end of the current window). */
  nextAllowedTime(): Date {
    return nextAllowedTime(this.now(), this.config.calendar);
  }

  /** Start of the current release period: monthly quotas reset here. */
  periodStart(): Date {
    return releaseInstant(releasePeriod(this.now(), this.config.calendar), this.config.calendar);
  }

  seriesInfo(service: ServiceName, ctx: CallContext): Promise<InfoRecord[]> {
    return this.call(service, "series_info", "export/series", [], seriesInfoSchema, ctx);
  }

  seriesValues(service: ServiceName, req: ValuesRequest, ctx: CallContext): Promise<ValuesRecord[]> {
    return this.values(service, "series", req, ctx);
  }

  seriesHistory(service: ServiceName, req: ValuesRequest, ctx: CallContext): Promise<ValuesRecord[]> {
    return this.values(service, "series_hist", req, ctx);
  }

  /** The vendor's quota report; stored as the dataset budgets and kept in the report history. */
  async dataLimits(service: ServiceName, ctx: CallContext): Promise<DataLimits> {
    const report = await this.call(service, "data_limits", "data_limits", [], dataLimitsSchema, ctx);
    await this.stores.quota.saveDatasetReport(
      service,
      Object.fromEntries(
        Object.entries(report).map(([k, v]) => [
          k,
          { remaining: v.remaining_requests, total: v.total_requests },
        ]),
      ),
      this.now(),
      ctx.cause,
    );
    return report;
  }

  /** Refreshes the dataset budgets when none was reported in this release period. */
  async ensureDatasetBudgets(service: ServiceName, ctx: CallContext): Promise<void> {
    if (this.config.sandbox) return;
    if (!(await this.stores.quota.datasetReportedSince(service, this.periodStart())))
      await this.dataLimits(service, ctx);
  }

  private async values(
    service: ServiceName,
    operation: "series" | "series_hist",
    req: ValuesRequest,
    ctx: CallContext,
  ): Promise<ValuesRecord[]> {
    if (req.codes.length === 0) return [];
    if (req.codes.length > MAX_CODES_PER_CALL)
      throw new UpstreamError(
        "too_many_codes",
        `At most ${MAX_CODES_PER_CALL} codes per call (${req.codes.length} given).`,
      );
    const params = [
      req.currencyId !== undefined ? `&c=${req.currencyId}` : "",
      req.unitId !== undefined ? `&u=${req.unitId}` : "",
    ].join("");
    const path = `export/${operation}/${req.codes.map(encodeURIComponent).join(",")}${params}`;
    return this.call(service, operation, path, req.codes, seriesValuesSchema, ctx, req);
  }

  private budgetRules(): BudgetRules {
    const { sandbox, dailyQuota, seriesInfoMonthlyQuota, calendar } = this.config;
    return { sandbox, dailyQuota, seriesInfoMonthlyQuota, calendar, now: this.now() };
  }

  private url(service: ServiceName, path: string): string {
    return `${this.config.baseUrl}/${service}/v1/${this.config.sandbox && path.startsWith("export") ? "sandbox/" : ""}${path}`;
  }

  private async call<S extends z.ZodType>(
    service: ServiceName,
    operation: Operation,
    path: string,
    codes: string[],
    schema: S,
    ctx: CallContext,
    req?: ValuesRequest,
  ): Promise<z.output<S>> {
    const maxAttempts = this.config.maxAttempts ?? 8;
    const maxWaitMs = this.config.maxWaitMs ?? 60_000;
    const retryBudgetMs = this.config.retryBudgetMs ?? 180_000;
    let waited = 0;
    let reloggedIn = false;
    for (let attempt = 1; ; attempt++) {
      const window = windowAt(this.now(), this.config.calendar);
      if (window) {
        throw new UpstreamError(
          "window",
          `The vendor is unavailable (${window.kind} window) until ${window.end.toISOString()}.`,
          {
            retryAt: window.end,
          },
        );
      }
      const giveBack = await takeCallBudgets(
        this.stores.quota,
        this.budgetRules(),
        service,
        operation,
        codes,
        ctx,
      );
      const wait = await this.stores.rate.reserve(
        `${this.config.sandbox ? "sandbox:" : ""}${service}:${operation}`,
        // 10 % under the limit: a call delayed on its way (a busy event loop, the network) must not
        // land in the same second as the calls after it (measured: 12 in one second at exactly 10/s).
        (1000 / this.config.ratePerSecond) * RATE_MARGIN,
        // Rate slots follow the wall clock shared by every process, never a simulated one.
        new Date(),
      );
      if (wait > 0) await this.sleep(wait);
      const started = Date.now();
      let status: number | null = null;
      let error: UpstreamError | null = null;
      let result: z.output<S> | undefined;
      const token = await this.tokens.token().catch(async (e: unknown) => {
        await giveBack();
        throw e;
      });
      try {
        const res = await fetch(this.url(service, path), {
          headers: { authorization: `Bearer ${token}`, accept: "application/json" },
          signal: AbortSignal.timeout(this.config.timeoutMs),
        });
        status = res.status;
        const body = await res.text();
        if (!res.ok) error = classifyHttpError(res.status, res.headers, body);
        else result = parseBody(schema, body, operation);
      } catch (e) {
        error =
          e instanceof UpstreamError
            ? e
            : e instanceof Error && e.name === "TimeoutError"
              ? new UpstreamError("timeout", `No answer within ${this.config.timeoutMs} ms.`)
              : new UpstreamError(
                  "network",
                  `Connection failed: ${e instanceof Error ? ((e.cause as Error)?.message ?? e.message) : String(e)}`,
                );
      }
      const answered = !error && req ? new Set((result as ValuesRecord[]).map((r) => r.code)) : null;
      const dataRequests = answered ? codes.filter((c) => answered.has(c)).length : 0;
      // The vendor counts only answered codes; failed calls cost nothing.
      if (error) await giveBack();
      else if (answered) await giveBack(answered);
      const entry: LedgerEntry = {
        // On the client's clock: the vendor's time (the simulator's in tests and the demo's replay).
        at: this.now(),
        service,
        operation,
        sandbox: this.config.sandbox,
        codes,
        currencyId: req?.currencyId,
        unitId: req?.unitId,
        dataRequests: this.config.sandbox ? 0 : dataRequests,
        status,
        outcome: error ? error.kind : "ok",
        latencyMs: Date.now() - started,
        cause: ctx.cause,
        syncRunId: ctx.syncRunId,
        userId: ctx.userId,
        message: error?.message.slice(0, 500),
      };
      // A kept answer and its ledger row are written together (see CallContext.onAnswer).
      if (!error && answered && ctx.onAnswer) await ctx.onAnswer(result as ValuesRecord[], entry);
      else await this.stores.ledger.record(entry);
      if (!error) return result as z.output<S>;
      if (error.kind === "unauthorized" && !reloggedIn) {
        reloggedIn = true;
        await this.tokens.invalidate(token);
        attempt--;
        continue;
      }
      // A 503 outside the published windows is a fault of the moment, not maintenance: retry it.
      const insideWindow = Boolean(windowAt(this.now(), this.config.calendar));
      if (!retryableNow(error, insideWindow) || attempt >= maxAttempts) throw error;
      const backoff = retryDelay(error.options.retryAfterMs, attempt);
      if (backoff > maxWaitMs || waited + backoff > retryBudgetMs) throw error;
      waited += backoff;
      await this.sleep(backoff);
    }
  }
}

/** Retry-After when the vendor gives one; else exponential backoff with jitter (0.5 s, 1 s, 2 s … 30 s). */
export function retryDelay(retryAfterMs: number | undefined, attempt: number, random = Math.random): number {
  if (retryAfterMs !== undefined) return retryAfterMs;
  const base = Math.min(30_000, 250 * 2 ** attempt);
  return Math.round(base * (0.5 + random()));
}

function parseBody<S extends z.ZodType>(schema: S, body: string, operation: Operation): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new UpstreamError("bad_response", `${operation}: the answer is not valid JSON.`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UpstreamError(
      "bad_response",
      `${operation}: ${issue?.path.join(".") || "body"} ${issue?.message ?? "is invalid"}.`,
    );
  }
  return parsed.data;
}
