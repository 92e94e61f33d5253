import "server-only";
import { z } from "zod";
import { findAssessment, observationsAt, recordVisit, touchVariant, vintageDates } from "@/lib/db/series";
import { nextReleaseAfter } from "@/lib/domain/calendar";
import { codeSchema } from "@/lib/domain/codes";
import { isoDay } from "@/lib/domain/months";
import { currencyByName, unitByName } from "@/lib/domain/reference";
import type { SessionUser } from "@/lib/domain/roles";
import { serviceSchema } from "@/lib/domain/services";
import { conversionOffered } from "@/lib/domain/wording";
import { AppError, badRequest, notFound } from "@/lib/http/errors";
import { log } from "@/lib/log";
import { processSingleton } from "@/lib/process-singleton";
import { fetchVariantOnDemand } from "@/lib/sync/on-demand";
import { vendorCalendar } from "@/lib/sync/upstream";
import { UpstreamError } from "@/lib/upstream/errors";
import { assertOnDemandAllowed } from "./on-demand-policy";
import { cachedRead } from "./read-cache";

// One series as users and the API see it: from the database, at any vintage; a currency/unit
// rendering the database lacks is fetched once on demand, within the reserve.

const month = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "must be YYYY-MM")
  .transform((v) => new Date(`${v}-01T00:00:00Z`));
/** A vintage date (YYYY-MM-DD): what the vendor had published by the end of that day. */
export const asOfDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be YYYY-MM-DD")
  .transform((v, ctx) => {
    const d = new Date(`${v}T23:59:59.999Z`);
    if (Number.isNaN(d.getTime())) ctx.addIssue({ code: "custom", message: "is not a date" });
    return d;
  });

export const seriesParamsSchema = z.object({ service: serviceSchema, code: codeSchema });
export const seriesQuerySchema = z
  .object({
    currency: z.string().trim().min(1).max(20).optional(),
    unit: z.string().trim().min(1).max(20).optional(),
    from: month.optional(),
    to: month.optional(),
    asOf: asOfDaySchema.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: "from must not be after to",
    path: ["from"],
  });
export type SeriesQuery = z.infer<typeof seriesQuerySchema>;

const ym = (d: Date) => isoDay(d) as string;

/**
 * Why a rendering the database lacks could not be fetched, in words a user can act on. Only a spent
 * quota is called one. The vendor's own words (its error body) go to the log, not to whoever asked.
 */
export function upstreamToAppError(error: UpstreamError, syncIssue: string | null = null): AppError {
  const when = error.options.retryAt ?? nextReleaseAfter(new Date(), vendorCalendar());
  const retryAt = { retryAt: when.toISOString() };
  if (error.kind === "window" || error.kind === "unavailable")
    return new AppError(
      503,
      "upstream_unavailable",
      `This rendering is not stored yet and the vendor is unavailable; try again after ${when.toISOString()}.`,
      retryAt,
    );
  if (error.kind === "budget" || error.kind === "quota_reached")
    return new AppError(
      429,
      "quota_exhausted",
      `This rendering is not stored yet and this month's quota for its dataset is spent; it can be fetched after the next release (${when.toISOString()}).`,
      retryAt,
    );
  log("series").warn(
    { kind: error.kind, status: error.options.status, vendorMessage: error.message, syncIssue },
    "on-demand fetch failed",
  );
  const sync = syncIssue
    ? " The last sync could not load it either; admins see why under Admin → Overview."
    : "";
  switch (error.kind) {
    case "forbidden":
      return new AppError(
        409,
        "not_in_subscription",
        `The vendor does not serve this rendering to our subscription.${sync}`,
      );
    case "not_found":
      return new AppError(409, "not_published", "The vendor no longer publishes this series.");
    case "unauthorized":
      return new AppError(503, "upstream_login", "The vendor refused our login; an admin has to check it.");
    case "server_error":
    case "network":
    case "timeout":
    case "rate_limited":
      return new AppError(
        503,
        "upstream_unavailable",
        `The vendor could not provide this rendering just now. Try again later.${sync}`,
      );
    default:
      return new AppError(502, "upstream_error", `The vendor could not provide this rendering.${sync}`);
  }
}

type Loaded = {
  view: Omit<SeriesView, never>;
  /** set when the rendering is not stored yet and must be fetched on demand */
  missing: Parameters<typeof fetchVariantOnDemand>[0] | null;
  variantId: number | null;
  /** why the last sync could not load it, if it could not */
  syncIssue: string | null;
};

/** Reads a series from the database (cached briefly; see read-cache.ts). */
async function loadSeries(params: z.infer<typeof seriesParamsSchema>, query: SeriesQuery): Promise<Loaded> {
  const a = await findAssessment(params.service, params.code);
  if (!a) throw notFound(`No assessment ${params.code} in ${params.service}.`);
  const fallback = a.variants.find((v) => v.isDefault);
  const currency = query.currency ?? fallback?.currency ?? a.defaultCurrency;
  const unit = query.unit ?? fallback?.unit ?? a.defaultUnit;
  const customised =
    (query.currency && query.currency !== a.defaultCurrency) || (query.unit && query.unit !== a.defaultUnit);
  if (customised && !conversionOffered(a.kind, a.availableCurrencies, a.availableUnits))
    throw badRequest("Currency and unit cannot be changed for this kind of assessment.", {
      field: query.currency ? "currency" : "unit",
    });
  if (
    query.currency &&
    !a.availableCurrencies.includes(query.currency) &&
    query.currency !== a.defaultCurrency
  )
    throw badRequest(`currency must be one of: ${a.availableCurrencies.join(", ")}`, { field: "currency" });
  if (query.unit && !a.availableUnits.includes(query.unit) && query.unit !== a.defaultUnit)
    throw badRequest(`unit must be one of: ${a.availableUnits.join(", ")}`, { field: "unit" });
  const variant = a.variants.find((v) => v.currency === currency && v.unit === unit);
  // Loaded in full, or its last 13 months when the plan has no History: either way it is data.
  const stored = Boolean(variant?.historyLoaded || variant?.lastFetchedAt);
  const rows = variant && stored ? await observationsAt(variant.id, query) : [];
  return {
    variantId: variant?.id ?? null,
    syncIssue: a.syncIssue,
    missing: stored
      ? null
      : {
          service: params.service,
          code: params.code,
          assessmentId: a.id,
          dataset: a.dataset,
          currency,
          unit,
          currencyId: customised ? (currencyByName(currency)?.id ?? null) : null,
          unitId: customised ? (unitByName(unit)?.id ?? null) : null,
          userId: "",
        },
    view: {
      service: a.service,
      code: a.code,
      assessment: a.assessment,
      kind: a.kind,
      currency,
      unit,
      updatedAt: a.upstreamUpdatedAt ? ym(a.upstreamUpdatedAt) : null,
      status: a.status,
      replacedBy: a.replacedBy
        ? { service: a.replacedBy.service, code: a.replacedBy.code, assessment: a.replacedBy.assessment }
        : null,
      asOf: query.asOf ? ym(query.asOf) : null,
      finals: rows
        .filter((r) => r.kind !== "forecast")
        .map((r) => ({
          date: ym(r.month),
          value: r.value,
          ...(r.kind === "preliminary" ? { preliminary: true } : {}),
        })),
      forecasts: rows
        .filter((r) => r.kind === "forecast")
        .map((r) => ({ date: ym(r.month), value: r.value })),
    },
  };
}

// Variants in use are kept fresh by the sync; noting use once an hour per variant is enough.
const touched = () => processSingleton("variantUse", () => new Map<number, number>());
async function noteUse(variantId: number): Promise<void> {
  const last = touched().get(variantId) ?? 0;
  if (Date.now() - last < 3_600_000) return;
  touched().set(variantId, Date.now());
  await touchVariant(variantId, new Date());
}

export async function readSeries(
  user: SessionUser | null,
  params: z.infer<typeof seriesParamsSchema>,
  query: SeriesQuery,
) {
  const key = `series|${JSON.stringify([params.service, params.code, query.currency, query.unit, query.from, query.to, query.asOf])}`;
  let loaded = await cachedRead(key, () => loadSeries(params, query));
  if (loaded.missing && user) {
    await assertOnDemandAllowed(user, loaded.missing);
    try {
      await fetchVariantOnDemand({ ...loaded.missing, userId: user.id });
    } catch (error) {
      if (error instanceof UpstreamError) throw upstreamToAppError(error, loaded.syncIssue);
      throw error;
    }
    loaded = await cachedRead(key, () => loadSeries(params, query));
  }
  if (loaded.variantId && user) await noteUse(loaded.variantId);
  return loaded.view;
}

export type SeriesView = {
  service: string;
  code: string;
  assessment: string;
  kind: string;
  currency: string;
  unit: string;
  updatedAt: string | null;
  status: string;
  replacedBy: { service: string; code: string; assessment: string } | null;
  asOf: string | null;
  finals: { date: string; value: number; preliminary?: boolean }[];
  forecasts: { date: string; value: number }[];
};

/**
 * The assessment a series page shows, with the vintages of its default rendering: read once per
 * data version for every viewer (the page's title and body ask for it at the same time).
 */
function pageAssessment(params: z.infer<typeof seriesParamsSchema>) {
  return cachedRead(`assessment|${params.service}|${params.code}`, async () => {
    const assessment = await findAssessment(params.service, params.code);
    const defaultVariant = assessment?.variants.find((v) => v.isDefault);
    const vintages = defaultVariant ? (await vintageDates(defaultVariant.id)).map(ym) : [];
    return { assessment, vintages };
  });
}

/** A series page's title: its code and assessment (null when there is no such series). */
export async function seriesTitle(params: z.infer<typeof seriesParamsSchema>): Promise<string | null> {
  const { assessment: a } = await pageAssessment(params);
  return a ? `${a.code} — ${a.assessment}` : null;
}

// A visit is recorded once per ten minutes per user and series on this instance: the controls of a
// series page reload it, and "your last visit" must stay the visit before this one, not a moment ago.
const VISIT_MS = 10 * 60_000;
const visits = () =>
  processSingleton("seriesVisits", () => new Map<string, { at: number; previous: Date | null }>());
async function noteVisit(userId: string, assessmentId: number): Promise<Date | null> {
  const key = `${userId}|${assessmentId}`;
  const seen = visits().get(key);
  if (seen && Date.now() - seen.at < VISIT_MS) return seen.previous;
  const previous = await recordVisit(userId, assessmentId, new Date());
  if (visits().size > 10_000) visits().clear();
  visits().set(key, { at: Date.now(), previous });
  return previous;
}

/** Everything the series page shows besides the points. */
export async function seriesDetails(user: SessionUser, params: z.infer<typeof seriesParamsSchema>) {
  const { assessment: a, vintages } = await pageAssessment(params);
  if (!a) return null;
  return {
    assessment: a,
    lastVisit: await noteVisit(user.id, a.id),
    vintages,
    nextRelease: nextReleaseAfter(new Date(), vendorCalendar()).toISOString(),
    conversion: conversionOffered(a.kind, a.availableCurrencies, a.availableUnits),
  };
}
