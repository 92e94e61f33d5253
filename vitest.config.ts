import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.dirname(new URL(import.meta.url).pathname);
const alias = {
  "@": root,
  // Outside Next's bundler the marker must resolve to its no-op build.
  "server-only": path.join(root, "node_modules/server-only/empty.js"),
};

/** Integration tests run twice: on in-memory PGlite, and on PostgreSQL when TEST_DATABASE_URL is set. */
function integrationProject(kind: "pglite" | "postgres") {
  const enabled = kind === "pglite" || Boolean(process.env.TEST_DATABASE_URL);
  return {
    resolve: { alias },
    test: {
      name: `integration-${kind}`,
      include: enabled ? ["tests/integration/**/*.test.ts"] : [],
      environment: "node",
      env: { TEST_DB_KIND: kind, LOG_LEVEL: "silent" },
      testTimeout: 60_000,
      hookTimeout: 60_000,
      // PGlite in WASM is memory-hungry: a few files at a time. On PostgreSQL files run one after
      // another: migrations of parallel schemas would queue on the engine's database-wide lock.
      maxWorkers: kind === "pglite" ? 2 : 1,
      passWithNoTests: !enabled,
    },
  };
}

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "simulator/**/*.test.ts", "components/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "contract",
          include: ["tests/contract/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
        },
      },
      integrationProject("pglite"),
      integrationProject("postgres"),
    ],
  },
});
