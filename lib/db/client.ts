import "server-only";
import type { PrismaClient } from "@/generated/prisma/client";
import { env } from "@/lib/env";
import { type Database, type OpenOptions, openDatabase, resolveDatabaseTarget } from "./connection";

// One database per process, kept on globalThis so hot reloads in development reuse it
// (PGlite admits a single open per data directory).
const holder = globalThis as unknown as { __priceAtlasDb?: Database };

/** Opens the configured database for this process (once); `options` matter only on first open. */
export function database(options: OpenOptions = {}): Database {
  if (!holder.__priceAtlasDb) {
    const { DATABASE_URL, dataDir, PORT } = env();
    holder.__priceAtlasDb = openDatabase(resolveDatabaseTarget(DATABASE_URL, dataDir), {
      purpose: "price-atlas app",
      port: PORT,
      ...options,
    });
  }
  return holder.__priceAtlasDb;
}

/** The Prisma client; only `lib/db` query modules call this. */
export function prisma(): PrismaClient {
  return database().prisma;
}

/** Makes `db` this process's database (tests, CLI). The caller closes it. */
export function setDatabase(db: Database): void {
  holder.__priceAtlasDb = db;
}

export async function closeDatabase(): Promise<void> {
  const db = holder.__priceAtlasDb;
  holder.__priceAtlasDb = undefined;
  await db?.close();
}
