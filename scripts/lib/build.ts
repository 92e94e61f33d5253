// Builds the Next.js app when there is no build, or when a source file is newer than it.
import { spawnSync } from "node:child_process";
import { closeSync, existsSync, openSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
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
