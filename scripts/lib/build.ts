// Builds the Next.js app when there is no build, or when a source file is newer than it.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
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
