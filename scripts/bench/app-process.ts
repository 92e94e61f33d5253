// A real `npm start` for the benchmarks that measure the app (bench:api, bench:ui): its own data
// directory and ports, the bundled simulator, today's release alone (no demo history replayed under
// the measurement), in its own process group; resolves once the app says it is ready.
import { type ChildProcess, spawn } from "node:child_process";

export function startBenchApp(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "scripts/start.ts"],
    {
      env: { ...process.env, LOG_LEVEL: "warn", DEMO_HISTORY_MONTHS: "0", ...env },
      stdio: ["ignore", "pipe", "inherit"],
      detached: true,
    },
  );
  return new Promise<ChildProcess>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (c: Buffer) => {
      out += c.toString();
      if (out.includes("ready at")) resolve(child);
    });
    child.once("exit", (code) => reject(new Error(`app exited with ${code}\n${out}`)));
  });
}

/** Waits until the app's first sync is done (`cookie`: an admin's session), printing a dot every 3 s. */
export async function waitForFirstSync(base: string, cookie: string): Promise<void> {
  for (;;) {
    const res = await fetch(`${base}/api/admin/sync`, { headers: { cookie } });
    const body = (await res.json()) as { current?: { status: string } };
    if (body.current?.status === "done") return;
    process.stdout.write(".");
    await new Promise((r) => setTimeout(r, 3000));
  }
}
