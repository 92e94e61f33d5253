// Simulator options, from the command line (`--port 4010`) or the environment (`SIM_PORT=4010`);
// the command line wins. This is the simulator's own configuration reader: it is a separate
// program and shares nothing with the app's environment.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { z } from "zod";
import { parseMonth } from "@/lib/domain/months";

const flag = z.union([
  z.boolean(),
  z.enum(["1", "0", "true", "false"]).transform((v) => v === "1" || v === "true"),
]);
/** "a, b" (command line) or ["a", "b"] (programmatic) → ["a", "b"] */
const list = (v: unknown) =>
  typeof v === "string"
    ? v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : v;
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const rate = z.coerce.number().min(0).max(1);
/** Record fields the specification lists (a --dataset-field must not take one of their names). */
const SPEC_FIELDS = new Set(
  "code assessment product commodity coverage location area details specification available_currencies available_units default_currency default_unit has_forecast has_preliminary last_available_final series_hist_changed remark_1 remark_2 updated_at currency unit series_final_values series_forecast_values".split(
    " ",
  ),
);

export const optionsSchema = z.object({
  host: z.string().default("127.0.0.1"),
  port: int(0, 65535).default(4010),
  username: z.string().min(1).default("demo"),
  password: z.string().min(1).default("demo"),
  seed: int(0, 2 ** 31).default(1),
  size: int(10, 190_000).optional(),
  profile: z.enum(["default", "live"]).default("default"),
  forecastMonths: int(0, 24).default(6),
  tokenTtlSeconds: int(5, 7 * 86_400).default(7200),
  ratePerSecond: z.coerce.number().min(0.1).max(1000).default(10),
  dailyQuota: int(1, 10_000_000).default(8000),
  seriesInfoMonthlyQuota: int(1, 10_000_000).default(10_000),
  codeQuota: int(0, 10_000_000).default(600),
  sandboxInfoDailyQuota: int(1, 10_000_000).default(8000),
  sandboxValuesDailyQuota: int(1, 10_000_000).default(16_000),
  sandboxHistoryDailyQuota: int(1, 10_000_000).default(16_000),
  datasets: z.preprocess(list, z.array(z.string().min(1)).min(1)).optional(),
  services: z
    .preprocess(list, z.array(z.enum(["industry_economics", "energy_price"])).min(1))
    .default(["industry_economics", "energy_price"]),
  datasetKeys: z.enum(["country", "region"]).default("country"),
  regionScheme: z.enum(["default", "live"]).default("default"),
  datasetField: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "must be a field name (letters, digits, _)")
    .refine((v) => !SPEC_FIELDS.has(v), "must not be a field the specification lists")
    .optional(),
  stringScalars: flag.default(false),
  shufflePoints: flag.default(false),
  extraFields: flag.default(false),
  wording: z.enum(["default", "live"]).default("default"),
  tokenMaxUses: int(0, 10_000_000).default(0),
  transientFaultRate: rate.default(0),
  releaseDay: int(1, 28).default(1),
  releaseTime: z
    .string()
    .regex(/^([01]\d|2[01]):[0-5]\d$/, "must be HH:MM before 22:00")
    .default("10:00"),
  windows: flag.default(true),
  history: flag.default(true),
  lifecycleFrom: z
    .string()
    .refine((v) => parseMonth(v) !== null, "must be YYYY-MM")
    .default("2025-01"),
  clock: z.iso.datetime({ offset: true }).optional(),
  gatewayStyle: flag.default(false),
  control: flag.default(false),
  controlToken: z.string().min(8).optional(),
  latencyMs: int(0, 60_000).default(0),
  secret: z
    .string()
    .min(16)
    .default(() => randomBytes(32).toString("hex")),
  verbose: flag.default(false),
});

export type SimulatorOptions = z.infer<typeof optionsSchema>;
export type SimulatorInput = z.input<typeof optionsSchema>;

const NAMES = Object.keys(optionsSchema.shape) as (keyof SimulatorOptions)[];
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const envName = (name: string) => `SIM_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
const BOOLEAN = new Set([
  "windows",
  "history",
  "gatewayStyle",
  "control",
  "verbose",
  "stringScalars",
  "shufflePoints",
  "extraFields",
]);

export type Profile = SimulatorOptions["profile"];

/**
 * What a profile presets. `live` is the live vendor's habits as seen from a client: regions with
 * unpublished names, strings for scalars, points out of order, extra fields, 9 forecast months,
 * tokens revoked before their exp, transient 5xx, other wording, no History, gateway errors.
 * Options given explicitly win over the presets.
 */
export const PROFILES: Record<Profile, Partial<SimulatorInput>> = {
  default: {},
  live: {
    datasetKeys: "region",
    regionScheme: "live",
    stringScalars: true,
    shufflePoints: true,
    extraFields: true,
    forecastMonths: 9,
    tokenMaxUses: 150,
    transientFaultRate: 0.03,
    wording: "live",
    history: false,
    gatewayStyle: true,
  },
};

/** The profile's presets under the explicit options (undefined counts as not given). */
function withProfile(raw: Record<string, unknown>): Record<string, unknown> {
  const explicit = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined));
  const profile = optionsSchema.shape.profile.safeParse(explicit.profile);
  if (!profile.success) return explicit; // the full parse reports the bad profile
  return { ...PROFILES[profile.data], ...explicit };
}

/** Parses argv (e.g. `--port 4010 --no-windows`) over SIM_* environment variables. */
export function parseOptions(argv: string[], env: Record<string, string | undefined>): SimulatorOptions {
  const spec: Record<string, { type: "string" | "boolean" }> = {};
  for (const name of NAMES) {
    spec[kebab(name)] = { type: BOOLEAN.has(name) ? "boolean" : "string" };
    if (BOOLEAN.has(name)) spec[`no-${kebab(name)}`] = { type: "boolean" };
  }
  const { values } = parseArgs({ args: argv, options: spec, strict: true, allowPositionals: false });
  const raw: Record<string, unknown> = {};
  for (const name of NAMES) {
    const fromEnv = env[envName(name)];
    if (fromEnv !== undefined && fromEnv !== "") raw[name] = fromEnv;
    const value = values[kebab(name)];
    if (value !== undefined) raw[name] = value;
    if (values[`no-${kebab(name)}`]) raw[name] = false;
  }
  const parsed = optionsSchema.safeParse(withProfile(raw));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "");
    throw new Error(`Invalid simulator option --${kebab(name)} (${envName(name)}): ${issue?.message}`);
  }
  return parsed.data;
}

export function resolveOptions(input: SimulatorInput = {}): SimulatorOptions {
  return optionsSchema.parse(withProfile(input));
}
