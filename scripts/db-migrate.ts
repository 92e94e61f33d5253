// `npm run db:migrate`: applies pending migrations to the configured database
// (PGlite under DATA_DIR when DATABASE_URL is unset, PostgreSQL otherwise).
import { describeTarget, openDatabase, resolveDatabaseTarget } from "@/lib/db/connection";
import { EmbeddedDatabaseBusyError } from "@/lib/db/embedded-lock";
import { applyMigrations } from "@/lib/db/migrations";
import { ConfigError, env } from "@/lib/env";

export async function migrate(log: (line: string) => void = console.log): Promise<string[]> {
  const { DATABASE_URL, dataDir } = env();
  const target = resolveDatabaseTarget(DATABASE_URL, dataDir);
  const db = openDatabase(target, { purpose: "migrations", poolSize: 1 });
  try {
    const applied = await applyMigrations(db.adapterFactory);
    log(
      applied.length
        ? `Applied ${applied.length} migration(s) to ${describeTarget(target)}: ${applied.join(", ")}`
        : `Database ${describeTarget(target)} is up to date.`,
    );
    return applied;
  } finally {
    await db.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  migrate().catch((error) => {
    if (error instanceof ConfigError || error instanceof EmbeddedDatabaseBusyError)
      console.error(error.message);
    else console.error(`Migration failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
