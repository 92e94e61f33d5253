// Replicas start together in every orchestrator: three start-ups at the same moment on one empty
// PostgreSQL schema must all succeed, migrate once and create the first admin once.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";

const url = process.env.TEST_DATABASE_URL;

function prepare(databaseUrl: string, withAdmin = true): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", "scripts/start.ts", "--prepare-only"],
      {
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          ADMIN_EMAIL: withAdmin ? "ops@example.com" : "",
          ADMIN_PASSWORD: withAdmin ? "a-long-enough-password" : "",
          NEXTAUTH_SECRET: "test-secret-shared-by-every-instance",
          UPSTREAM_BASE_URL: "http://127.0.0.1:9",
          UPSTREAM_USERNAME: "u",
          UPSTREAM_PASSWORD: "p",
          LOG_LEVEL: "warn",
        },
      },
    );
    let output = "";
    child.stdout.on("data", (d) => {
      output += d;
    });
    child.stderr.on("data", (d) => {
      output += d;
    });
    child.on("exit", (code) => resolve({ code, output }));
  });
}

describe.skipIf(process.env.TEST_DB_KIND !== "postgres" || !url)("start-up of N instances at once", () => {
  it("migrates once and creates the first admin once, and every instance starts", async () => {
    const schema = `t_start_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    try {
      const target = new URL(url as string);
      target.searchParams.set("schema", schema);
      // From an empty schema: migrations and the first admin, three at once.
      const results = await Promise.all([1, 2, 3].map(() => prepare(target.toString())));
      for (const r of results) expect(r.output).toMatch(/database prepared/);
      expect(results.map((r) => r.code)).toEqual([0, 0, 0]);
      // From a migrated schema without users (nothing serialises them before the first admin).
      await admin.query(`DELETE FROM "${schema}"."User"`);
      const again = await Promise.all([1, 2, 3, 4].map(() => prepare(target.toString())));
      for (const r of again) expect(r.output).toMatch(/database prepared/);
      const users = await admin.query(`SELECT email, role FROM "${schema}"."User"`);
      expect(users.rows).toEqual([{ email: "ops@example.com", role: "admin" }]);
      const migrations = await admin.query(
        `SELECT migration_name, count(*)::int AS n FROM "${schema}"."_prisma_migrations" GROUP BY 1`,
      );
      expect(migrations.rows.every((r) => r.n === 1)).toBe(true);
    } finally {
      await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
      await admin.end();
    }
  }, 180_000);
});
