// Builds the Next.js app when there is no build, or when a source file is newer than it.
import { spawnSync } from "node:child_process";
import { closeSync, existsSync, openSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { nextBin } from "./processes";

const SOURCES = [
  "app",
  "components",
  "lib",
  "generated",
  "public",
  "proxy.ts",
  "instrumentation.ts",
  "next.config.ts",
  "package.json",
  "tsconfig.json",
];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

export function buildIsStale(root: string): string | null {
  const stamp = path.join(root, ".next", "BUILD_ID");
  if (!existsSync(stamp)) return "no build yet";
  const built = statSync(stamp).mtimeMs;
  const changed = SOURCES.find((s) => newestMtime(path.join(root, s)) > built);
  return changed ? `${changed} changed since the last build` : null;
}

export function buildNext(root: string, env: NodeJS.ProcessEnv): void {
  const result = spawnSync(process.execPath, [nextBin(), "build"], { cwd: root, env, stdio: "inherit" });
  if (result.status !== 0) throw new Error("The build failed (see above).");
}

const requiredServerFiles = z.object({ config: z.record(z.string(), z.unknown()) });

/**
 * The configuration the last build resolved from next.config.ts, as JSON, or null when the build
 * did not write it (Next then loads next.config.ts itself). Handed to the production server the way
 * Next's own standalone server does: otherwise the server loads Next's native TypeScript compiler at
 * every start to read one file the build already compiled, ≈ 55 MB of resident memory for the life
 * of the process (`npm run bench:api` reports the server's memory).
 */
export function builtServerConfig(root: string): string | null {
  try {
    const file = readFileSync(path.join(root, ".next", "required-server-files.json"), "utf8");
    return JSON.stringify(requiredServerFiles.parse(JSON.parse(file)).config);
  } catch {
    return null;
  }
}

/**
 * Runs `fn` while holding a lock file beside the build, so instances started together from one
 * folder build once: the others wait, then find the build fresh. A lock older than 15 minutes is
 * left over from a killed start and is taken over.
 */
export async function withBuildLock(root: string, fn: () => Promise<void>): Promise<void> {
  const lock = path.join(root, ".next-build.lock");
  for (;;) {
    try {
      closeSync(openSync(lock, "wx"));
      break;
    } catch {
      const age = existsSync(lock) ? Date.now() - statSync(lock).mtimeMs : 0;
      if (age > 15 * 60_000) rmSync(lock, { force: true });
      else await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    await fn();
  } finally {
    rmSync(lock, { force: true });
  }
}
