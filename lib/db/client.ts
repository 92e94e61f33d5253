import "server-only";
import type { PrismaClient } from "@/generated/prisma/client";
import { env } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";
import { type Database, type OpenOptions, openDatabase, resolveDatabaseTarget } from "./connection";

// One database per process, shared by every bundle and kept across hot reloads in development
// (PGlite admits a single open per data directory).
const holder = () => processSingleton<{ db?: Database }>("database", () => ({}));

/** Opens the configured database for this process (once); `options` matter only on first open. */
export function database(options: OpenOptions = {}): Database {
  const h = holder();
  if (!h.db) {
    const { DATABASE_URL, dataDir, PORT } = env();
    h.db = openDatabase(resolveDatabaseTarget(DATABASE_URL, dataDir), {
      purpose: "price-atlas app",
      port: PORT,
      ...options,
    });
  }
  return h.db;
}

/** The Prisma client; only `lib/db` query modules call this. */
export function prisma(): PrismaClient {
  return database().prisma;
}

/** Makes `db` this process's database (tests, CLI). The caller closes it. */
export function setDatabase(db: Database): void {
  holder().db = db;
}

export async function closeDatabase(): Promise<void> {
  const h = holder();
  const db = h.db;
  h.db = undefined;
  await db?.close();
}
