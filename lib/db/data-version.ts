import "server-only";
import { processSingleton } from "@/lib/process-singleton";
import { prisma } from "./client";

// The version of the series and catalogue data, shared by every instance through the database.
// Writers bump it after each write; read caches key on it, so a cached answer lives until the data
// changes. Each instance re-reads it at most once per CHECK_MS, so its own writes show at once and
// other instances' writes within about a second. The token carries the row's update time too, so
// a database that was emptied and refilled never repeats an earlier token.
const CHECK_MS = 1_000;

type State = { token: string; checkedAt: number; bumpedAt: number; pending?: Promise<string> };
const state = () => processSingleton<State>("dataVersion", () => ({ token: "", checkedAt: 0, bumpedAt: 0 }));

const tokenOf = (row: { version: number; updatedAt: Date } | null) =>
  row ? `${row.version}@${row.updatedAt.getTime()}` : "none";

/** The current data version, as a cache-key token (re-read from the database at most once per second). */
export async function dataVersion(now = Date.now()): Promise<string> {
  const s = state();
  if (now - s.checkedAt < CHECK_MS) return s.token;
  if (!s.pending) {
    const startedAt = Date.now();
    s.pending = prisma()
      .dataVersion.findUnique({ where: { id: 1 }, select: { version: true, updatedAt: true } })
      .then((row) => {
        // A local bump that finished meanwhile is newer than what this read saw.
        if (s.bumpedAt <= startedAt) {
          s.token = tokenOf(row);
          s.checkedAt = Date.now();
        }
        return s.token;
      })
      .finally(() => {
        s.pending = undefined;
      });
  }
  return s.pending;
}

/** Marks the series or catalogue data as changed, for every instance. Call after the write commits. */
export async function bumpDataVersion(): Promise<void> {
  const row = await prisma().dataVersion.upsert({
    where: { id: 1 },
    create: { id: 1, version: 1 },
    update: { version: { increment: 1 } },
    select: { version: true, updatedAt: true },
  });
  const s = state();
  s.token = tokenOf(row);
  s.checkedAt = s.bumpedAt = Date.now();
}
