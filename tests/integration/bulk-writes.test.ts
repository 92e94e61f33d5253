// What every bulk write is followed by (lib/db/maintenance.ts `afterBulkWrite`). On the embedded
// database a checkpoint must come long before the WAL nears max_wal_size: there the checkpoint
// Postgres requests by itself never returns (the first sync of a 50,000-assessment catalogue hung).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { afterBulkWrite, walSinceCheckpoint } from "@/lib/db/maintenance";
import { installTestDatabase, type TestDatabase, testDatabaseKind } from "../helpers/database";

const walMb = async () => (await walSinceCheckpoint()) / 1024 / 1024;

describe.runIf(testDatabaseKind() === "pglite")("bulk writes on the embedded database", () => {
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    db = await installTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it("checkpoints once a bulk write has grown the WAL past 128 MB", async () => {
    // Uncompressed 8 kB values: ~80 MB of WAL per fill, cheaply.
    await prisma().$executeRawUnsafe(`CREATE TABLE wal_filler (x text)`);
    await prisma().$executeRawUnsafe(`ALTER TABLE wal_filler ALTER COLUMN x SET STORAGE EXTERNAL`);
    const fill = () =>
      prisma().$executeRawUnsafe(
        `INSERT INTO wal_filler SELECT repeat(chr(65 + g % 26), 8000) FROM generate_series(1, 10000) g`,
      );
    await fill();
    await afterBulkWrite();
    // Below the threshold nothing happens: the next write adds to the same WAL.
    expect(await walMb()).toBeGreaterThan(60);
    await fill();
    expect(await walMb()).toBeGreaterThan(128);
    await afterBulkWrite();
    expect(await walMb()).toBeLessThan(1);
  }, 120_000);
});
