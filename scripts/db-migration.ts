// `npm run db:migration -- <name>`: writes a new migration from the changes in prisma/schema.prisma.
// It replays every existing migration on a scratch in-memory PGlite and diffs that against the
// schema, so it needs no database server and no network.
import { z } from "zod";
import { openDatabase } from "@/lib/db/connection";
import { applyMigrations, diffSchemaAgainst, writeMigration } from "@/lib/db/migrations";

const name = z
  .string({ error: "Usage: npm run db:migration -- <name>   (letters, digits and underscores)" })
  .regex(/^[a-z0-9_]{1,60}$/i, "The migration name may hold letters, digits and underscores only (max 60).");

async function main() {
  const parsed = name.safeParse(process.argv[2]);
  if (!parsed.success) {
    console.error(parsed.error.issues[0]?.message);
    process.exit(2);
  }
  const scratch = await openDatabase({ kind: "pglite", dataDir: null });
  try {
    await applyMigrations(scratch.adapterFactory);
    const sql = await diffSchemaAgainst(scratch.adapterFactory);
    if (!sql.trim() || /^-- This is an empty migration\.?\s*$/.test(sql.trim())) {
      console.log("The schema matches the migrations: nothing to write.");
      return;
    }
    const folder = await writeMigration(parsed.data, sql);
    console.log(`Wrote prisma/migrations/${folder}/migration.sql — review it, then run npm run db:migrate.`);
  } finally {
    await scratch.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
