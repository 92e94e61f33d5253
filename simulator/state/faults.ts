// Faults the control API can inject into data operations, for tests of the client's resilience.
import { z } from "zod";

const rate = z.number().min(0).max(1).default(0);

export const faultsSchema = z.object({
  /** operations affected (series_info, series, series_hist, data_limits, token); empty = all data ops */
  operations: z.array(z.enum(["token", "series_info", "series", "series_hist", "data_limits"])).default([]),
  latencyMs: z.number().int().min(0).max(120_000).default(0),
  errorRate: rate,
  errorStatus: z.union([z.literal(500), z.literal(502), z.literal(503), z.literal(504)]).default(500),
  /** a Retry-After header (seconds) on injected errors; none when absent */
  retryAfterSeconds: z.number().int().min(0).max(86_400).optional(),
  timeoutRate: rate,
  /** how long a "timeout" holds the connection before closing it without an answer */
  timeoutMs: z.number().int().min(0).max(600_000).default(60_000),
  malformedRate: rate,
  malformedKind: z.enum(["json", "value", "date", "shape"]).default("json"),
  dropRate: rate,
  /** answer 429 to the next N matching requests */
  rateLimitStorm: z.number().int().min(0).default(0),
  forceMaintenance: z.boolean().default(false),
  forceReleasePending: z.boolean().default(false),
  /** apply the rates to the next N matching requests only (0 = until cleared) */
  count: z.number().int().min(0).default(0),
});

export type Faults = z.infer<typeof faultsSchema>;

export const NO_FAULTS: Faults = faultsSchema.parse({});

/** Whether the injected faults concern this operation (token faults only when named). */
export function faultTargets(f: Faults, operation: string): boolean {
  if (f.operations.length && !f.operations.includes(operation as never)) return false;
  return operation !== "token" || f.operations.includes("token");
}
