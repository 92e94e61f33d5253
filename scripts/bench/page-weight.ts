// First-load JavaScript of a page: the scripts its HTML references, gzipped, as a browser on a
// fresh cache would download them before the page is interactive. Chunks loaded later (ECharts,
// loaded only where a chart is shown) are not counted here.
import { gzipSync } from "node:zlib";

/** Signs in through next-auth's credentials flow and returns the session cookie. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const csrfRes = await fetch(`${base}/api/auth/csrf`);
  const cookies = csrfRes.headers.getSetCookie().map((c) => c.split(";")[0]);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies.join("; ") },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  const session = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  return [...cookies, ...session].join("; ");
}

export async function firstLoadJs(
  base: string,
  path: string,
  cookie: string,
): Promise<{ scripts: number; gzipKb: number }> {
  const html = await (await fetch(`${base}${path}`, { headers: { cookie } })).text();
  const srcs = [...new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1] as string))];
  let bytes = 0;
  for (const src of srcs) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    bytes += gzipSync(body).length;
  }
  return { scripts: srcs.length, gzipKb: bytes / 1024 };
}

/**
 * Pages in use: `rounds` × (the catalogue, a random series of `codes`, the compare page), one after
 * another, as a signed-in browser would ask for them (the server loads each page's code on first use).
 */
export async function browsePages(base: string, cookie: string, codes: readonly string[], rounds = 20) {
  for (let i = 0; i < rounds; i++)
    for (const url of [
      "/catalogue",
      `/series/${codes[Math.floor(Math.random() * codes.length)]}`,
      "/compare",
    ])
      await (await fetch(`${base}${url}`, { headers: { cookie } })).text();
}
