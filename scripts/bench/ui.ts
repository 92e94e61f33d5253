// `npm run bench:ui`: what a user waits for in the browser, measured in Chromium (Playwright)
// against a real `npm start` (production build, embedded PGlite, bundled simulator, demo data, first
// sync done). Each interaction is timed from the user's action until its result is on screen:
// catalogue search typed → rows shown; facet picked → rows; series link clicked → chart drawn;
// currency changed → chart redrawn; a comparison of 10 series × 20 years opened → chart drawn.
// Beside them, a baseline from the same run: opening a static page (the not-found page) the same way.
import type { ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { startBenchApp, waitForFirstSync } from "./app-process";
import { fmt, percentile, table } from "./http-load";
import { signIn } from "./page-weight";

const PORT = Number(process.env.BENCH_UI_PORT || 3230);
const SIMULATOR_PORT = process.env.BENCH_UI_SIMULATOR_PORT || "4230";
const DATA_DIR = path.resolve(`data/bench-ui-${PORT}`);
const RUNS = Number(process.env.BENCH_UI_RUNS || 12);
const base = `http://localhost:${PORT}`;

async function startApp(): Promise<ChildProcess> {
  rmSync(DATA_DIR, { recursive: true, force: true });
  return startBenchApp({
    PORT: String(PORT),
    DATA_DIR,
    SIMULATOR_PORT,
    NEXTAUTH_URL: base,
    DATABASE_URL: "",
    UPSTREAM_BASE_URL: "",
    ADMIN_EMAIL: "",
    ADMIN_PASSWORD: "",
  });
}

/** ms from `act()` until `done()` holds in the page (checked every animation frame). */
async function timed(page: Page, act: () => Promise<unknown>, done: string, arg?: unknown): Promise<number> {
  const start = performance.now();
  await act();
  await page.waitForFunction(done, arg, { polling: "raf", timeout: 30_000 });
  return performance.now() - start;
}

/** The first catalogue row's text, to tell the new result from the old one. */
const firstRow = (page: Page) =>
  page.evaluate(() => document.querySelector("table.data tbody tr")?.textContent ?? "");
const rowsChanged = (before: string, param: string) =>
  `(() => { const row = document.querySelector("table.data tbody tr");
    return location.search.includes(${JSON.stringify(param)}) && !!row
      && row.textContent !== ${JSON.stringify(before)} && !document.querySelector('[aria-busy="true"]'); })()`;
/** The chart is on screen: drawn by the server (SVG, until the interactive one replaces it) or in the browser. */
const chartDrawn = (label: string) =>
  `(() => { const c = document.querySelector('[role="img"][aria-label^=${JSON.stringify(label)}] canvas');
    return (!!c && c.width > 0) || !!document.querySelector('[data-chart^=${JSON.stringify(label)}] .chart-placeholder svg'); })()`;

type Result = { name: string; times: number[]; target: number };

async function measure(page: Page, codes: string[], compareRefs: string[]): Promise<Result[]> {
  const results: Result[] = [];
  const add = (name: string, target: number) => {
    const r = { name, times: [] as number[], target };
    results.push(r);
    return r.times;
  };
  const baseline = add("baseline: open a static page (not found)", Number.NaN);
  const search = add("catalogue search typed → rows shown", 150);
  const facet = add("facet picked → rows shown", 150);
  const series = add("series link clicked → chart drawn", 250);
  const currency = add("currency changed → chart redrawn", 150);
  const compare = add("compare 10 series × 240 months → chart drawn", 300);
  const words = ["natural gas", "electricity", "diesel", "crude", "lng", "steam", "water", "propane", "coal"];
  for (let run = 0; run < RUNS; run++) {
    baseline.push(
      await timed(page, () => page.goto(`${base}/bench-static-${run}`), `!!document.querySelector("h1")`),
    );
    await page.goto(`${base}/catalogue`);
    await page.locator("table.data tbody tr").first().waitFor();
    const word = `${words[run % words.length]}${run >= words.length ? " " : ""}`.trim();
    const q = new URLSearchParams({ q: word }).toString();
    let before = await firstRow(page);
    await page.getByLabel("Search", { exact: true }).fill(word);
    search.push(
      await timed(
        page,
        () => page.getByLabel("Search", { exact: true }).press("Enter"),
        rowsChanged(before, q),
      ),
    );
    // From the whole catalogue (its first row is an energy price) to Industry Economics.
    await page.goto(`${base}/catalogue`);
    await page.locator("table.data tbody tr").first().waitFor();
    before = await firstRow(page);
    facet.push(
      await timed(
        page,
        () => page.getByLabel("Service").selectOption("industry_economics"),
        rowsChanged(before, "service=industry_economics"),
      ),
    );
    const code = codes[run % codes.length] as string;
    await page.goto(`${base}/catalogue?q=${encodeURIComponent(code.split("/")[1] ?? "")}`);
    const link = page.locator("table.data tbody tr").first().getByRole("link").first();
    await link.waitFor();
    series.push(await timed(page, () => link.click(), chartDrawn("Chart of")));
    const select = page.getByLabel("Currency");
    const options = await select
      .locator("option")
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    const current = await select.inputValue();
    const other = options.find((o) => o && o !== current);
    if (other) {
      // The chart redraws in place: its host counts the frames ECharts has drawn (data-drawn).
      await page.waitForFunction(
        () => !!document.querySelector<HTMLElement>('[role="img"][aria-label^="Chart of"]')?.dataset.drawn,
      );
      const drawn = await page.evaluate(
        () =>
          document.querySelector<HTMLElement>('[role="img"][aria-label^="Chart of"]')?.dataset.drawn ?? "",
      );
      currency.push(
        await timed(
          page,
          () => select.selectOption(other),
          `(() => { const c = document.querySelector('[role="img"][aria-label^="Chart of"]');
            return location.search.includes("currency=") && !!c && (c.dataset.drawn ?? "") !== ${JSON.stringify(drawn)}; })()`,
        ),
      );
    }
    const refs = [...compareRefs.slice(run % compareRefs.length), ...compareRefs].slice(0, 10);
    compare.push(
      await timed(page, () => page.goto(`${base}/compare?s=${refs.join(",")}`), chartDrawn("Comparison of")),
    );
  }
  return results;
}

async function main() {
  const app = await startApp();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    const cookie = await signIn(base, "admin@example.com", "atlas-admin");
    process.stdout.write("waiting for the first sync");
    await waitForFirstSync(base, cookie);
    console.log(" done");
    const get = async <T>(p: string) =>
      (await (await fetch(`${base}${p}`, { headers: { cookie } })).json()) as T;
    const energy = await get<{ items: { service: string; code: string; availableCurrencies: string[] }[] }>(
      "/api/v1/catalogue?service=energy_price&q=natural%20gas&pageSize=40",
    );
    const convertible = energy.items.filter((i) => i.availableCurrencies.length > 1);
    const codes = convertible.map((i) => `${i.service}/${i.code}`);
    const long: string[] = [];
    for (const i of energy.items) {
      const s = await get<{ finals: unknown[] }>(`/api/v1/series/${i.service}/${i.code}`);
      if (s.finals.length >= 200) long.push(`${i.service}:${i.code}`);
      if (long.length >= 12) break;
    }
    // The bench's own probes are evaluated strings: the app's CSP (no eval) would refuse them.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.getByLabel("Email").fill("viewer@example.com");
    await page.getByLabel("Password").fill("atlas-viewer");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((u) => !u.pathname.startsWith("/login"));
    await measure(page, codes, long); // warm-up: compiled routes, caches, JIT
    const results = await measure(page, codes, long);
    console.log(`\nbench:ui — Chromium 1440×900, ${RUNS} runs each (after one warm-up round), ms\n`);
    const baseline = results[0]?.times.slice().sort((a, b) => a - b) ?? [];
    table(
      ["interaction", "median", "p95", "target (median)", "baseline median", "baseline p95"],
      results.map((r) => {
        const sorted = r.times.slice().sort((a, b) => a - b);
        return [
          r.name,
          fmt(percentile(sorted, 50), 0),
          fmt(percentile(sorted, 95), 0),
          Number.isNaN(r.target) ? "" : `< ${r.target}`,
          fmt(percentile(baseline, 50), 0),
          fmt(percentile(baseline, 95), 0),
        ];
      }),
    );
  } finally {
    await browser.close();
    if (app.pid) process.kill(-app.pid, "SIGTERM");
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
