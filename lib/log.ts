import "server-only";
import pino from "pino";
import { env } from "@/lib/env";

// Secrets never reach a log line: credentials, tokens and auth headers are redacted wherever they
// appear in a logged object.
const REDACT = [
  "password",
  "*.password",
  "token",
  "*.token",
  "access_token",
  "*.access_token",
  "authorization",
  "*.authorization",
  "headers.authorization",
  "*.headers.authorization",
  "cookie",
  "*.cookie",
  "secret",
  "*.secret",
];

const holder = globalThis as unknown as { __priceAtlasLog?: pino.Logger };

export function logger(): pino.Logger {
  holder.__priceAtlasLog ??= pino({
    level: env().LOG_LEVEL,
    base: { app: "price-atlas" },
    redact: { paths: REDACT, censor: "[redacted]" },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
  return holder.__priceAtlasLog;
}

/** A child logger for one component ("sync", "upstream", "auth", …). */
export function log(component: string): pino.Logger {
  return logger().child({ component });
}
