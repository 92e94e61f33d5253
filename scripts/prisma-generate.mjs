// Generates the Prisma client after install. The Prisma CLI tries to download a native schema
// engine it does not need for `generate`; pointing it at a no-op binary keeps install offline-safe.
// Never use this trick for migrate/db push: those go through scripts/db-migrate.ts (WASM engine).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const noop =
  process.platform === "win32" ? undefined : existsSync("/bin/true") ? "/bin/true" : "/usr/bin/true";
const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1" };
if (noop && !env.PRISMA_SCHEMA_ENGINE_BINARY) env.PRISMA_SCHEMA_ENGINE_BINARY = noop;

const cli = require.resolve("prisma/build/index.js");
const result = spawnSync(process.execPath, [cli, "generate"], { stdio: "inherit", env });
process.exit(result.status ?? 1);
