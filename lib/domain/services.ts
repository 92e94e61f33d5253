// The vendor's two data services, named as in their path prefixes.
import { z } from "zod";

export const SERVICES = ["industry_economics", "energy_price"] as const;
export type ServiceName = (typeof SERVICES)[number];
export const serviceSchema = z.enum(SERVICES);

export const SERVICE_LABELS: Record<ServiceName, string> = {
  industry_economics: "Industry Economics",
  energy_price: "Energy Prices",
};

/** Data operations as the rate limit and the ledger count them. */
export const OPERATIONS = ["token", "series_info", "series", "series_hist", "data_limits"] as const;
export type Operation = (typeof OPERATIONS)[number];

export const ASSESSMENT_KINDS = ["utility", "cost_index", "location_factor", "energy", "unknown"] as const;
export type AssessmentKind = (typeof ASSESSMENT_KINDS)[number];

export const KIND_LABELS: Record<AssessmentKind, string> = {
  utility: "Utility price / cost",
  cost_index: "Plant construction cost index",
  location_factor: "Plant location factor",
  energy: "Energy price",
  unknown: "Other (kind not stated)",
};

/** At most this many codes per Series Values / History call. */
export const MAX_CODES_PER_CALL = 40;

/** Spec rule 4: c and u apply to all energy prices, and only to utilities in Industry Economics. */
export function conversionApplies(kind: AssessmentKind): boolean {
  return kind === "utility" || kind === "energy";
}
