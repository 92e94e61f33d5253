import "server-only";
// The only reader of process.env. Every setting is validated here once; a bad value stops start-up
// with one line naming the variable and what is wrong. `.env.example` documents each of them.
import path from "node:path";
import { z } from "zod";

const flag = z
  .enum(["1", "0", "true", "false", "yes", "no", "on", "off", ""])
  .transform((v) => ["1", "true", "yes", "on"].includes(v));

const port = z.coerce.number().int().min(1).max(65535);

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: port.default(3000),
    /** Interface to listen on; unset: 127.0.0.1 with the bundled simulator (demo), all interfaces otherwise. */
    HOST: z.string().min(1).max(255).optional(),
    /** Proxies in front of the app whose X-Forwarded-For entries are believed (0: none). */
    TRUSTED_PROXY_COUNT: z.coerce.number().int().min(0).max(10).default(0),
    DATA_DIR: z.string().min(1).default("./data"),
    /** V8 old-space limit of the app server in MB (`npm start`); bounds its resident memory. */
    APP_HEAP_MB: z.coerce.number().int().min(96).max(16_384).default(192),
    DATABASE_URL: z
      .string()
      .regex(
        /^postgres(ql)?:\/\//,
        "must start with postgresql:// (leave it unset for the embedded database)",
      )
      .optional(),
    NEXTAUTH_URL: z.url().optional(),
    NEXTAUTH_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
    /** Former secrets, comma-separated: the stored vendor token sealed with one still opens (rotation). */
    NEXTAUTH_SECRET_PREVIOUS: z.string().optional(),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
    UPSTREAM_BASE_URL: z.url().optional(),
    UPSTREAM_USERNAME: z.string().min(1).optional(),
    UPSTREAM_PASSWORD: z.string().min(1).optional(),
    UPSTREAM_SANDBOX: flag.default(false),
    /** Set by `npm start` when it runs the bundled simulator as the upstream. */
    UPSTREAM_BUNDLED: flag.default(false),
    /** a fresh demo replays this many months of the bundled simulator's releases (0: none) */
    DEMO_HISTORY_MONTHS: z.coerce.number().int().min(0).max(120).default(24),
    /** set by npm start for the bundled simulator's control API during the demo replay; set it
     * yourself to open that API on the bundled simulator (tests move its clock to a release) */
    SIMULATOR_CONTROL_TOKEN: z.string().min(16).optional(),
    /** Honour the vendor's maintenance and release windows (off only for the bundled demo). */
    UPSTREAM_WINDOWS: flag.default(true),
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
    UPSTREAM_RATE_PER_SECOND: z.coerce.number().min(0.1).max(10).default(10),
    UPSTREAM_DAILY_QUOTA: z.coerce.number().int().min(1).default(8000),
    UPSTREAM_SERIES_INFO_MONTHLY_QUOTA: z.coerce.number().int().min(1).default(10_000),
    UPSTREAM_RELEASE_DAY: z.coerce.number().int().min(1).max(28).default(1),
    SIMULATOR_PORT: port.default(4010),
    SYNC_SCHEDULE: z.enum(["monthly", "off"]).default("monthly"),
    SYNC_ON_START: flag.default(true),
    /** how often each instance's scheduler looks for due or orphaned runs (a run silent for two ticks is taken over) */
    SYNC_TICK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** audit rows older than this many days are pruned once a day by the scheduler */
    AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .superRefine((env, ctx) => {
    const upstream = [env.UPSTREAM_BASE_URL, env.UPSTREAM_USERNAME, env.UPSTREAM_PASSWORD];
    if (upstream.some(Boolean) && !upstream.every(Boolean)) {
      ctx.addIssue({
        code: "custom",
        path: ["UPSTREAM_BASE_URL"],
        message:
          "UPSTREAM_BASE_URL, UPSTREAM_USERNAME and UPSTREAM_PASSWORD go together: set all three or none",
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: ["ADMIN_EMAIL"],
        message: "ADMIN_EMAIL and ADMIN_PASSWORD go together: set both or neither",
      });
    }
  });

export type Env = z.infer<typeof schema> & {
  /** Absolute data directory (embedded database, local secrets, lock files). */
  dataDir: string;
  /** True when no DATABASE_URL is set: PGlite under DATA_DIR/db. */
  embeddedDatabase: boolean;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses an environment record; throws ConfigError with one line per bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings mean "unset": .env files often carry `NAME=` lines.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "environment");
      const got =
        typeof cleaned[name] === "string" && !/SECRET|PASSWORD/.test(name) ? ` (got "${cleaned[name]}")` : "";
      return `Invalid configuration: ${name} ${issue.message}${got}`;
    });
    throw new ConfigError(lines.join("\n"));
  }
  const env = result.data;
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    embeddedDatabase: !env.DATABASE_URL,
  };
}

/**
 * The interface the app listens on: HOST when set; otherwise only this machine in the demo (the
 * bundled simulator and its published logins), every interface with a real vendor.
 */
export function listenHost(e: Pick<Env, "HOST" | "UPSTREAM_BASE_URL">): string {
  if (e.HOST) return e.HOST;
  return e.UPSTREAM_BASE_URL ? "0.0.0.0" : "127.0.0.1";
}

let cached: Env | undefined;

/** The validated environment of this process (parsed once). */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Writes variables for this process and child processes, then re-validates on next read. */
export function setProcessEnv(values: Record<string, string | undefined>): void {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  cached = undefined;
}

/** The current process environment, for spawning child processes that inherit it. */
export function processEnvForChild(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}
