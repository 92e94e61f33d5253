import "server-only";
import pino from "pino";
import { env } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";

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

export function logger(): pino.Logger {
  return processSingleton("log", () =>
    pino({
      level: env().LOG_LEVEL,
      base: { app: "price-atlas" },
      redact: { paths: REDACT, censor: "[redacted]" },
      timestamp: pino.stdTimeFunctions.isoTime,
    }),
  );
}

/** A child logger for one component ("sync", "upstream", "auth", …). */
export function log(component: string): pino.Logger {
  return logger().child({ component });
}
