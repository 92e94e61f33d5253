// A fresh, migrated database for one integration test file: in-memory PGlite for the
// `integration-pglite` project, a throw-away schema in TEST_DATABASE_URL for `integration-postgres`.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { closeDatabase, setDatabase } from "@/lib/db/client";
import { type Database, openDatabase } from "@/lib/db/connection";
import { applyMigrations } from "@/lib/db/migrations";

export type TestDatabaseKind = "pglite" | "postgres";

export const testDatabaseKind = (): TestDatabaseKind =>
  process.env.TEST_DB_KIND === "postgres" ? "postgres" : "pglite";

export type TestDatabase = Database & {
  kind: TestDatabaseKind;
  /** DATABASE_URL that reaches this database from another process (PostgreSQL only) */
  url: string | null;
  drop(): Promise<void>;
};

export async function openTestDatabase(): Promise<TestDatabase> {
  const kind = testDatabaseKind();
  if (kind === "pglite") {
    const db = openDatabase({ kind: "pglite", dataDir: null });
    await applyMigrations(db.adapterFactory);
    return { ...db, kind, url: null, drop: () => db.close() };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  const schema = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA "${schema}"`);
  // pg_trgm lives in public; the test schema's search_path must see it.
  await admin.query("CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public");
  await admin.end();
  const db = openDatabase({ kind: "postgres", url, schema }, { poolSize: 6 });
  await applyMigrations(db.adapterFactory);
  const shared = new URL(url);
  shared.searchParams.set("schema", schema);
  return {
    ...db,
    kind,
    url: shared.toString(),
    async drop() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA "${schema}" CASCADE`);
      await cleanup.end();
    },
  };
}

/** Opens a test database and makes it this process's database (what `lib/db` modules use). */
export async function installTestDatabase(): Promise<TestDatabase> {
  const db = await openTestDatabase();
  setDatabase(db);
  return {
    ...db,
    async drop() {
      await closeDatabase().catch(() => {});
      await db.drop();
    },
  };
}
