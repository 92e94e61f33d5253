import "server-only";
// PGlite admits one process per data directory and does not lock it itself. This lock file does:
// the holder records its pid (and port, when it serves HTTP) so a CLI can go through it instead.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const lockInfo = z.object({
  pid: z.number().int(),
  purpose: z.string(),
  port: z.number().int().optional(),
  startedAt: z.string(),
});
export type EmbeddedLockInfo = z.infer<typeof lockInfo>;

export class EmbeddedDatabaseBusyError extends Error {
  override name = "EmbeddedDatabaseBusyError";
  constructor(readonly holder: EmbeddedLockInfo) {
    super(
      `The embedded database is in use by process ${holder.pid} (${holder.purpose}` +
        `${holder.port ? ` on port ${holder.port}` : ""}). Stop it first, or run the command through it.`,
    );
  }
}

export function lockPath(dataDir: string): string {
  return path.join(dataDir, "db.lock");
}

/** Whether a process of this machine is still running. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The live holder of the data directory, if any (a stale lock of a dead process is ignored). */
export function readEmbeddedLock(dataDir: string): EmbeddedLockInfo | null {
  try {
    const parsed = lockInfo.safeParse(JSON.parse(readFileSync(lockPath(dataDir), "utf8")));
    if (!parsed.success) return null;
    return isAlive(parsed.data.pid) ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Takes the data directory for this process; returns a release function. */
export function acquireEmbeddedLock(dataDir: string, purpose: string, port?: number): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = lockPath(dataDir);
  const info: EmbeddedLockInfo = { pid: process.pid, purpose, port, startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, JSON.stringify(info));
      closeSync(fd);
      return () => {
        const holder = readEmbeddedLock(dataDir);
        if (holder?.pid === process.pid) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readEmbeddedLock(dataDir);
      if (holder && holder.pid !== process.pid) throw new EmbeddedDatabaseBusyError(holder);
      rmSync(file, { force: true }); // stale: its process is gone (or it is ours from a crashed open)
    }
  }
  throw new Error(`Could not lock ${file}`);
}
