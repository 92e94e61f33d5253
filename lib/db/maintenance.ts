import "server-only";
import { database, prisma } from "./client";

// The embedded database has no autovacuum: after a sync, the rows it rewrote stay behind as dead
// versions and the planner keeps the statistics of an empty table, so a catalogue search scans
// ~4× slower than it should (measured: 42 → 11 ms for a two-word search on 5,000 assessments).
// On PostgreSQL autovacuum would get there eventually; doing it at once costs little.

/** Vacuums and analyses the tables a sync writes. */
export async function tidyAfterSync(): Promise<void> {
  await prisma().$executeRawUnsafe(`VACUUM (ANALYZE) "Assessment", "SeriesVariant", "Observation"`);
}

// PGlite runs Postgres as one process, without a checkpointer. Once the WAL written since the last
// checkpoint nears max_wal_size (≈ 540 MB of 1 GB), Postgres asks for a checkpoint from inside the
// write — and in PGlite that never returns: the server spins at 100 % CPU for good (seen on the
// first sync of a 50,000-assessment catalogue). Checkpointing well before that keeps the WAL small.
const CHECKPOINT_AFTER_WAL_BYTES = 128 * 1024 * 1024;

/** Bytes of WAL written since the last checkpoint began. */
export async function walSinceCheckpoint(): Promise<number> {
  const [row] = await prisma().$queryRaw<{ bytes: bigint }[]>`
    SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::bigint AS bytes FROM pg_control_checkpoint()`;
  return Number(row?.bytes ?? 0);
}

async function checkpointIfWalGrew(): Promise<void> {
  if ((await walSinceCheckpoint()) > CHECKPOINT_AFTER_WAL_BYTES)
    await prisma().$executeRawUnsafe("CHECKPOINT");
}

/**
 * Call after each bulk write: lets go of the parameters Prisma keeps of its last queries (see
 * connection.ts) and, on the embedded database, checkpoints when the WAL has grown.
 */
export async function afterBulkWrite(): Promise<void> {
  const db = database();
  db.forgetQueryArguments();
  if (db.target.kind === "pglite") await checkpointIfWalGrew();
}
