import "server-only";
import { prisma } from "./client";

/** Round-trip time of a trivial query, in ms; throws when the database is unreachable. */
export async function pingDatabase(): Promise<number> {
  const started = performance.now();
  await prisma().$queryRaw`SELECT 1`;
  return performance.now() - started;
}
