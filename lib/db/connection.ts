import "server-only";
// Opens the configured database: embedded PGlite under a data directory (or in memory for tests),
// or PostgreSQL through the pg adapter. Both speak PostgreSQL, so one schema and one migrations
// folder serve both.
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PrismaPg } from "@prisma/adapter-pg";
import { Debug } from "@prisma/client/runtime/client";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "@/generated/prisma/client";
import { acquireEmbeddedLock } from "./embedded-lock";

export type DatabaseTarget =
  | { kind: "pglite"; dataDir: string | null }
  | { kind: "postgres"; url: string; schema?: string };

export type Database = {
  target: DatabaseTarget;
  prisma: PrismaClient;
  /** for the migration engine only (PostgreSQL: a single connection) */
  adapterFactory: SqlMigrationAwareDriverAdapterFactory;
  close(): Promise<void>;
  /** Lets go of the arguments Prisma keeps of its last queries (call after a bulk write). */
  forgetQueryArguments(): void;
};

// Prisma's debug module keeps the arguments of its last 100 debug calls in memory, whatever DEBUG
// says, and every query logs its plan, parameters included. After bulk writes those are megabytes
// each: a 50,000-assessment catalogue held > 100 MB that way and ran the server out of heap.
// A hundred one-word entries push them out. The module instance is the one this client was built
// with (bundles may hold several copies of Prisma's runtime), so the function travels with it.
const debugHistory = Debug("price-atlas:db");
function forgetQueryArguments(): void {
  for (let i = 0; i < 100; i++) debugHistory("bulk write done");
}

/** DATABASE_URL → PostgreSQL (a `schema` query parameter selects the schema); unset → PGlite. */
export function resolveDatabaseTarget(databaseUrl: string | undefined, dataDir: string): DatabaseTarget {
  if (!databaseUrl) return { kind: "pglite", dataDir: path.join(dataDir, "db") };
  const url = new URL(databaseUrl);
  const schema = url.searchParams.get("schema") ?? undefined;
  url.searchParams.delete("schema");
  return { kind: "postgres", url: url.toString(), schema };
}

export function describeTarget(target: DatabaseTarget): string {
  if (target.kind === "pglite")
    return target.dataDir ? `embedded (PGlite at ${target.dataDir})` : "PGlite (memory)";
  const url = new URL(target.url);
  return `PostgreSQL ${url.hostname}:${url.port || 5432}${url.pathname}${target.schema ? ` schema ${target.schema}` : ""}`;
}

function pgPoolConfig(target: Extract<DatabaseTarget, { kind: "postgres" }>, max: number) {
  return {
    connectionString: target.url,
    max,
    // Raw SQL and migrations are unqualified: point them at the chosen schema.
    // Extensions (pg_trgm) live in public, hence the fallback.
    options: target.schema ? `-c search_path="${target.schema}",public` : undefined,
  };
}

const pgliteExtensions = { pg_trgm };

// PGlite keeps PostgreSQL's shared buffers inside its WebAssembly memory, which grows but never
// shrinks: the default 128 MB would stay resident for the life of the app. The data files sit in
// the OS page cache anyway, so a smaller buffer pool costs little (see `npm run bench:api`).
const pgliteStartParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"];

/**
 * pglite-prisma-adapter 0.7 neither awaits `executeScript` nor reports its errors, so a failed
 * migration would be recorded as applied. This wraps it to await and rethrow.
 */
function awaitScripts(adapter: SqlDriverAdapter, pglite: PGlite): SqlDriverAdapter {
  const queryable = adapter as SqlDriverAdapter & { onError(error: unknown): never };
  queryable.executeScript = async (script: string) => {
    try {
      await pglite.exec(script);
    } catch (error) {
      queryable.onError(error);
    }
  };
  return adapter;
}

/** The PGlite adapter, with awaited scripts and a shadow database that has the same extensions. */
class PGliteAdapterFactory extends PrismaPGlite {
  constructor(private readonly pglite: PGlite) {
    super(pglite);
  }
  override async connect() {
    return awaitScripts(await super.connect(), this.pglite);
  }
  override async connectToShadowDb() {
    const shadow = new PGlite({ extensions: pgliteExtensions });
    await shadow.waitReady;
    return awaitScripts(await new PrismaPGlite(shadow).connect(), shadow);
  }
}

export type OpenOptions = { purpose?: string; port?: number; poolSize?: number };

/**
 * Opens a database synchronously; the first query waits for it to be ready. A PGlite data
 * directory is locked for this process (see embedded-lock.ts).
 */
export function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Database {
  if (target.kind === "postgres") {
    const prisma = new PrismaClient({
      adapter: new PrismaPg(pgPoolConfig(target, options.poolSize ?? 10), { schema: target.schema }),
    });
    // The migration engine takes a session-level advisory lock and must release it on the same
    // connection: it gets a pool of exactly one (a larger pool leaks the lock to an idle connection).
    const adapterFactory = new PrismaPg(pgPoolConfig(target, 1), { schema: target.schema });
    return { target, prisma, adapterFactory, close: () => prisma.$disconnect(), forgetQueryArguments };
  }

  const release = target.dataDir
    ? acquireEmbeddedLock(path.dirname(target.dataDir), options.purpose ?? "price-atlas", options.port)
    : () => {};
  try {
    const pglite = new PGlite({
      dataDir: target.dataDir ?? undefined,
      extensions: pgliteExtensions,
      startParams: pgliteStartParams,
    });
    const adapterFactory = new PGliteAdapterFactory(pglite);
    const prisma = new PrismaClient({ adapter: adapterFactory });
    return {
      target,
      prisma,
      adapterFactory,
      forgetQueryArguments,
      async close() {
        try {
          await prisma.$disconnect();
          if (!pglite.closed) await pglite.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
