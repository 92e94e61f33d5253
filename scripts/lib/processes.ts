// Child processes for the launcher: the bundled simulator and the Next.js server.
import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

export function nextBin(): string {
  return require.resolve("next/dist/bin/next");
}

/** Starts `node <args>` and resolves when a line of its output matches `ready`. */
export function startAndWait(
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  label: string,
): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let seen = "";
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      seen = (seen + text).slice(-4000);
      const match = ready.exec(seen);
      if (match) {
        child.stdout?.off("data", onData);
        resolve({ child, match });
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => {
      seen = (seen + chunk.toString()).slice(-4000);
    });
    child.once("exit", (code) =>
      reject(new Error(`${label} exited (${code}) before it was ready:\n${seen.trim()}`)),
    );
  });
}

/** Polls `url` until it answers with a JSON body whose `status` is in `accept`. */
export async function waitForHealth(
  url: string,
  accept: string[],
  timeoutMs: number,
): Promise<{ status: string }> {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer";
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      const body = (await res.json()) as { status: string };
      if (accept.includes(body.status)) return body;
      last = `status ${body.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not become healthy in ${timeoutMs / 1000} s (${last})`);
}
