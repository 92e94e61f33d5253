import "server-only";
// Migrations through Prisma's own schema engine compiled to WebAssembly: the native engine the
// Prisma CLI would download is not needed. The history lives in the standard `_prisma_migrations`
// table, so the regular Prisma CLI can take over where it is available.
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import type { PrismaClient } from "@/generated/prisma/client";

const require = createRequire(import.meta.url);
const prismaDir = path.resolve(process.cwd(), "prisma");
export const schemaPath = path.join(prismaDir, "schema.prisma");
export const migrationsDir = path.join(prismaDir, "migrations");

type EngineModule = typeof import("@prisma/schema-engine-wasm/schema_engine_bg");
let engineModule: Promise<EngineModule> | undefined;

function loadEngineModule(): Promise<EngineModule> {
  engineModule ??= (async () => {
    const bindings = await import("@prisma/schema-engine-wasm/schema_engine_bg");
    const wasmFile = path.join(
      path.dirname(require.resolve("@prisma/schema-engine-wasm")),
      "schema_engine_bg.wasm",
    );
    const { instance } = await WebAssembly.instantiate(await readFile(wasmFile), {
      "./schema_engine_bg.js": bindings as unknown as WebAssembly.ModuleImports,
    });
    bindings.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as (() => void) | undefined)?.();
    return bindings;
  })();
  return engineModule;
}

async function createEngine(adapterFactory: SqlMigrationAwareDriverAdapterFactory) {
  const { SchemaEngine } = await loadEngineModule();
  const schema = await readFile(schemaPath, "utf8");
  const log = () => {};
  return SchemaEngine.new(
    { datamodels: [[schemaPath, schema]] },
    log,
    bindMigrationAwareSqlAdapterFactory(adapterFactory),
  );
}

async function loadMigrationsList() {
  const entries = await readdir(migrationsDir, { withFileTypes: true }).catch(() => []);
  const directories = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const lockfileContent = await readFile(path.join(migrationsDir, "migration_lock.toml"), "utf8").catch(
    () => null,
  );
  return {
    baseDir: migrationsDir,
    lockfile: { path: "migration_lock.toml", content: lockfileContent },
    shadowDbInitScript: "",
    migrationDirectories: await Promise.all(
      directories.map(async (dir) => ({
        path: dir,
        migrationFile: {
          path: "migration.sql",
          content: {
            tag: "ok" as const,
            value: await readFile(path.join(migrationsDir, dir, "migration.sql"), "utf8"),
          },
        },
      })),
    ),
  };
}

const noFilters = { externalTables: [], externalEnums: [] };

/**
 * Applies every pending migration; returns the names applied now. The engine serialises
 * migrations with a database-wide advisory lock and gives up after 10 s; instances starting
 * together (or schemas migrated side by side) retry instead of failing.
 */
export async function applyMigrations(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  attempts = 6,
): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    const engine = await createEngine(adapterFactory);
    try {
      const { appliedMigrationNames } = await engine.applyMigrations({
        migrationsList: await loadMigrationsList(),
        filters: noFilters,
      });
      return appliedMigrationNames;
    } catch (error) {
      const lockTimeout = /timed out/i.test(error instanceof Error ? error.message : String(error));
      if (!lockTimeout || attempt >= attempts) throw error;
      await new Promise((r) => setTimeout(r, 500 * attempt));
    } finally {
      engine.free();
    }
  }
}

/** Migration history versus the folder: pending, failed and edited migrations. */
export async function migrationStatus(adapterFactory: SqlMigrationAwareDriverAdapterFactory) {
  const engine = await createEngine(adapterFactory);
  try {
    return await engine.diagnoseMigrationHistory({
      migrationsList: await loadMigrationsList(),
      optInToShadowDatabase: false,
      filters: noFilters,
    });
  } finally {
    engine.free();
  }
}

/**
 * SQL that takes a database at the latest migration to the current schema.prisma. The caller
 * passes a scratch database (in-memory PGlite) that already has every migration applied.
 */
export async function diffSchemaAgainst(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
): Promise<string> {
  const engine = await createEngine(adapterFactory);
  try {
    const schema = { path: schemaPath, content: await readFile(schemaPath, "utf8") };
    const result = await engine.diff({
      from: { tag: "schemaDatasource", files: [schema], configDir: prismaDir },
      to: { tag: "schemaDatamodel", files: [schema] },
      script: true,
      exitCode: null,
      filters: noFilters,
    });
    return result.stdout ?? "";
  } finally {
    engine.free();
  }
}

/** Writes prisma/migrations/<timestamp>_<name>/migration.sql; returns its folder name. */
export async function writeMigration(name: string, sql: string, now = new Date()): Promise<string> {
  const stamp = now.toISOString().replace(/\D/g, "").slice(0, 14);
  const folder = `${stamp}_${name}`;
  await mkdir(path.join(migrationsDir, folder), { recursive: true });
  await writeFile(path.join(migrationsDir, folder, "migration.sql"), sql);
  const lock = path.join(migrationsDir, "migration_lock.toml");
  const lockContent = await readFile(lock, "utf8").catch(() => null);
  if (lockContent === null) {
    await writeFile(
      lock,
      '# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "postgresql"\n',
    );
  }
  return folder;
}

/**
 * Applies migrations only when some are pending. Reading the history table takes no lock, so
 * instances and CLI commands starting together do not queue on the engine's advisory lock.
 */
export async function migrateIfNeeded(db: {
  prisma: PrismaClient;
  adapterFactory: SqlMigrationAwareDriverAdapterFactory;
}): Promise<string[]> {
  const folders = (await readdir(migrationsDir, { withFileTypes: true }).catch(() => []))
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  const applied = await db.prisma.$queryRaw<
    { migration_name: string }[]
  >`SELECT "migration_name" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL`.catch(() => null);
  const done = new Set((applied ?? []).map((r) => r.migration_name));
  if (applied && folders.every((f) => done.has(f))) return [];
  return applyMigrations(db.adapterFactory);
}
