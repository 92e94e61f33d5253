// The baseline of `npm run bench:api`: an app without its own database, which asks the vendor (the
// simulator, with the vendor's limits) for the same series on every request, waiting out each 429.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { startSimulator } from "@/simulator/server";
import { load, type Timing } from "./http-load";

/** 200 requests for random `codes` ("service/code") from `concurrency` clients through such a proxy. */
export async function measurePassThrough(
  codes: string[],
  concurrency: number,
): Promise<{ timing: Timing; refused: number }> {
  const sim = await startSimulator({ port: 0, windows: false, size: 5000 });
  const login = await fetch(`${sim.url}/access_token/v1`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "demo", password: "demo" }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  let refused = 0;
  const proxy = createServer(async (req, res) => {
    const [, service, code] = (req.url ?? "").split("/");
    for (;;) {
      const upstream = await fetch(`${sim.url}/${service}/v1/export/series_hist/${code}`, {
        headers: { authorization: `Bearer ${access_token}` },
      });
      if (upstream.status === 429) {
        refused++;
        await new Promise((r) => setTimeout(r, Number(upstream.headers.get("retry-after") ?? 1) * 1000));
        continue;
      }
      res.writeHead(upstream.status, { "content-type": "application/json" });
      res.end(Buffer.from(await upstream.arrayBuffer()));
      return;
    }
  });
  proxy.listen(0, "127.0.0.1");
  await new Promise((r) => proxy.once("listening", r));
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  try {
    const timing = await load(200, concurrency, async () => {
      const res = await fetch(`${proxyUrl}/${codes[Math.floor(Math.random() * codes.length)]}`);
      if (!res.ok) throw new Error(`pass-through: HTTP ${res.status}`);
      await res.arrayBuffer();
    });
    return { timing, refused };
  } finally {
    proxy.close();
    await sim.close();
  }
}
