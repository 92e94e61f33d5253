import { readFileSync } from "node:fs";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { ADMIN, login, sameOrigin, VIEWER, waitForFirstSync } from "./helpers";

// The demo data of `npm start`: the first sync runs on its own at start-up; wait for it once.
test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  await waitForFirstSync(browser);
});

/** The quota datasets table is folded away unless a country's dataset is unknown. */
async function openDatasets(page: Page) {
  const table = page.getByRole("table", { name: "Quota datasets by country" });
  if (!(await table.isVisible())) await page.getByText(/\d+ country rows:/).click();
  await expect(table).toBeVisible();
}

async function firstEnergySeries(request: APIRequestContext) {
  const res = await request.get("/api/v1/catalogue?service=energy_price&q=natural%20gas&pageSize=5");
  const body = (await res.json()) as {
    items: { service: string; code: string; availableCurrencies: string[]; availableUnits: string[] }[];
  };
  const item = body.items.find((i) => i.availableCurrencies.length > 1 && i.availableUnits.length > 1);
  if (!item) throw new Error("no convertible energy series in the demo catalogue");
  return item;
}

async function download(page: Page, name: string) {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).click()]);
  return readFileSync((await file.path()) as string);
}

test("search and facet the catalogue, with the state in the URL", async ({ page }) => {
  await login(page, VIEWER);
  await page.getByLabel("Search", { exact: true }).fill("natural gas");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=natural\+gas/);
  const countText = page.getByText(/\d[\d,]* assessments?/);
  const before = Number((await countText.textContent())?.replace(/\D/g, ""));
  await page.getByLabel("Country").selectOption("Germany");
  await expect(page).toHaveURL(/country=Germany/);
  await expect(async () => {
    const after = Number((await countText.textContent())?.replace(/\D/g, ""));
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThan(before);
  }).toPass();
  const rows = page.locator("table.data tbody tr");
  await expect(rows.first()).toContainText("Germany");
  // Currencies count what each assessment offers: picking one keeps the other filters.
  const currency = page.getByLabel("Currency");
  const offered = await currency.locator("option").nth(1).getAttribute("value");
  await currency.selectOption(offered ?? "");
  await expect(page).toHaveURL(new RegExp(`currency=${offered}`));
  await expect(page).toHaveURL(/country=Germany/);
  await expect(currency).toHaveValue(offered ?? "");
  await expect(rows.first()).toContainText("Germany");
  // The shared URL restores the same view for someone else.
  const url = page.url();
  const other = await page.context().browser()?.newPage();
  if (!other) throw new Error("no browser");
  await login(other, ADMIN, new URL(url).pathname + new URL(url).search);
  await expect(other.getByLabel("Country")).toHaveValue("Germany");
  await other.close();
});

test("open a series, switch currency and unit, apply a transform, export CSV and XLSX", async ({ page }) => {
  await login(page, VIEWER);
  const item = await firstEnergySeries(page.request);
  await page.goto(`/series/${item.service}/${item.code}`);
  await expect(page.getByRole("img", { name: /Chart of/ })).toBeVisible();
  const currency = item.availableCurrencies.find((c) => c !== "USD") ?? item.availableCurrencies[0] ?? "";
  await page.getByLabel("Currency").selectOption(currency);
  await expect(page).toHaveURL(new RegExp(`currency=${encodeURIComponent(currency).replace("%20", "\\+")}`));
  await expect(page.getByRole("heading", { name: new RegExp(`Values \\(${currency} /`) })).toBeVisible({
    timeout: 30_000,
  });
  const unit = item.availableUnits.at(-1) ?? "";
  await page.getByLabel("Unit").selectOption(unit);
  await expect(
    page.getByRole("heading", { name: new RegExp(`Values \\(${currency} / ${unit}\\)`) }),
  ).toBeVisible({ timeout: 30_000 });
  await page.getByLabel("Transform").selectOption("yoy");
  await expect(page.getByRole("img", { name: /Year-on-year/ })).toBeVisible();

  const csv = (await download(page, "Export CSV")).toString("utf8").trim().split(/\r?\n/);
  expect(csv[0]).toBe("month,kind,yoy");
  expect(csv.length).toBeGreaterThan(200);
  expect(csv.at(1)).toMatch(/^2008-01,final,-?\d/);

  const xlsx = await download(page, "Export XLSX");
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(xlsx as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  // A metadata block, a blank row, then the same table as the CSV.
  expect(ws?.getCell("A1").value).toBe("Series");
  const header = ws?.getColumn(1).values.indexOf("month") ?? -1;
  expect(header).toBeGreaterThan(1);
  expect(ws?.getRow(header).values).toEqual([undefined, "month", "kind", "yoy"]);
  expect((ws?.rowCount ?? 0) - header + 1).toBe(csv.length);
});

test("compare two series from the catalogue and share the comparison", async ({ page }) => {
  await login(page, ADMIN, "/catalogue?service=energy_price&q=crude");
  const boxes = page.getByRole("checkbox", { name: /Select .* for comparison/ });
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await page.getByRole("link", { name: "Compare selected (2)" }).click();
  await expect(page).toHaveURL(/\/compare\?s=/);
  await expect(
    page.getByRole("list", { name: "Series in this comparison" }).getByRole("listitem"),
  ).toHaveCount(2);
  await expect(page.getByRole("img", { name: "Comparison of 2 series" })).toBeVisible();
  await page.getByLabel("Transform").selectOption("yoy");
  await expect(page).toHaveURL(/mode=yoy/);
  await page.getByLabel("Transform").selectOption("rebase");
  await expect(page).toHaveURL(/mode=rebase/);
  const shared = page.url();
  const viewer = await page.context().browser()?.newPage();
  if (!viewer) throw new Error("no browser");
  await login(viewer, VIEWER, new URL(shared).pathname + new URL(shared).search);
  await expect(
    viewer.getByRole("list", { name: "Series in this comparison" }).getByRole("listitem"),
  ).toHaveCount(2);
  await expect(viewer.getByLabel("Transform")).toHaveValue("rebase");
  await viewer.close();
});

test("a shared bookmark list made by one user is seen by another", async ({ page }) => {
  await login(page, ADMIN, "/bookmarks");
  const name = `Team gas ${Date.now()}`;
  await page.getByLabel("New list name").fill(name);
  await page.getByLabel("Shared with everyone").check();
  await page.getByRole("button", { name: "Create list" }).click();
  await expect(page.getByRole("region", { name: `List ${name}` })).toBeVisible();
  const item = await firstEnergySeries(page.request);
  await page.goto(`/series/${item.service}/${item.code}`);
  await page.getByLabel(`Bookmark list for ${item.code}`).selectOption({ label: `${name} (shared)` });
  await page.getByRole("button", { name: `Bookmark ${item.code}` }).click();
  await expect(page.getByRole("button", { name: `Bookmark ${item.code}` })).toHaveText("Bookmarked ✓");

  const viewer = await page.context().browser()?.newPage();
  if (!viewer) throw new Error("no browser");
  await login(viewer, VIEWER, "/bookmarks");
  const list = viewer.getByRole("region", { name: `List ${name}` });
  await expect(list).toContainText(item.code);
  await expect(list).toContainText("By admin@example.com");
  await viewer.close();
});

test("the JSON API validates its input and never answers 500 to bad parameters", async ({ page }) => {
  await login(page, VIEWER);
  const bad = await page.request.get("/api/v1/series/energy_price/not-a-code");
  expect(bad.status()).toBe(400);
  const unknown = await page.request.get("/api/v1/series/energy_price/99999-99-99");
  expect(unknown.status()).toBe(404);
  expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe("not_found");
  const month = await page.request.get("/api/v1/series/energy_price/99999-99-99?from=2020-13");
  expect(month.status()).toBe(400);
  const page1 = await page.request.get("/api/v1/catalogue?pageSize=1000");
  expect(page1.status()).toBe(400);
  const item = await firstEnergySeries(page.request);
  const series = await page.request.get(
    `/api/v1/series/${item.service}/${item.code}?from=2020-01&to=2020-12`,
  );
  const body = (await series.json()) as { finals: { date: string }[] };
  expect(body.finals.map((f) => f.date)).toEqual(
    Array.from({ length: 12 }, (_, i) => `2020-${String(i + 1).padStart(2, "0")}-01`),
  );
});

test("an admin sees the quotas and the last sync, plans a sync and sets the reserve", async ({ page }) => {
  await login(page, ADMIN, "/admin/overview");
  await expect(page.getByRole("progressbar", { name: "Sync progress" })).toHaveAttribute("value", "100");
  await expect(page.getByRole("meter", { name: "Calls today" })).toBeVisible();
  await page.getByRole("button", { name: "Plan a sync (dry run)" }).click();
  await expect(page.getByText(/^Plan: \d+ call\(s\)/)).toBeVisible({ timeout: 30_000 });
  await page.getByLabel("On-demand reserve (codes per dataset)").fill("40");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  const settings = (await (await page.request.get("/api/admin/settings")).json()) as {
    onDemandReserve: number;
  };
  expect(settings.onDemandReserve).toBe(40);
  // What the app learned of the vendor: every country's quota dataset, none left unloaded.
  await openDatasets(page);
  const germany = page.getByLabel("Quota dataset of Germany (industry_economics)");
  await expect(germany.locator("xpath=ancestor::tr")).toContainText("report key is the country");
  await expect(page.getByRole("heading", { name: "Not loaded (0)" })).toBeVisible();
  await expect(page.getByText("Every listed assessment is loaded or planned.")).toBeVisible();
});

test("an admin corrects a country's quota dataset, and a wrong one is refused", async ({ page }) => {
  await login(page, ADMIN, "/admin/overview");
  await openDatasets(page);
  const select = page.getByLabel("Quota dataset of Japan (energy_price)");
  await select.selectOption("China");
  await expect(select.locator("xpath=ancestor::tr")).toContainText("set by an admin");
  const refused = await page.request.put("/api/admin/datasets", {
    headers: sameOrigin(page),
    data: { service: "energy_price", coverage: "Japan", dataset: "Atlantis" },
  });
  expect(refused.status()).toBe(400);
  await select.selectOption("");
  // Cleared: unknown until the next sync reads it again from the vendor's report.
  await expect(select.locator("xpath=ancestor::tr")).toContainText("Unknown");
});
