import { readFileSync } from "node:fs";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { login, VIEWER, waitForFirstSync } from "./helpers";

// The series page's table follows the transform and its presets; a comparison gives each unit its
// own scale, adds by search, removes a wrong entry, and exports what it shows.

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  await waitForFirstSync(browser);
});

type Item = { service: string; code: string; defaultCurrency: string; defaultUnit: string };

async function firstOf(request: APIRequestContext, query: string): Promise<Item> {
  const res = await request.get(`/api/v1/catalogue?${query}&pageSize=1`);
  const item = ((await res.json()) as { items: Item[] }).items[0];
  if (!item) throw new Error(`no series for ${query}`);
  return item;
}

async function download(page: Page, name: string) {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).click()]);
  return readFileSync((await file.path()) as string);
}

async function sheetOf(buffer: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error("no worksheet");
  return ws;
}

const MONTH = /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}$/;

test("the values table follows the transform and the range presets, months read as months", async ({
  page,
}) => {
  await login(page, VIEWER);
  const item = await firstOf(page.request, "service=energy_price&q=crude");
  await page.goto(`/series/${item.service}/${item.code}`);
  await expect(page).toHaveTitle(new RegExp(`^${item.code} — `));
  const table = page.getByRole("table", { name: /^Values/ });
  const newest = table.locator("tbody tr").first();
  await expect(newest.locator("td").first()).toHaveText(MONTH);
  await expect(page.getByRole("img", { name: /Chart of .*: Level/ })).toBeVisible();

  await page.getByLabel("Transform").selectOption("yoy");
  await expect(page.getByRole("heading", { name: "Values (Year-on-year %)" })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Year-on-year %" })).toBeVisible();
  // The table says what the CSV says.
  const csv = (await download(page, "Export CSV")).toString("utf8").trim().split(/\r?\n/);
  const last = csv.at(-1)?.split(",") ?? [];
  await expect(newest.locator("td").nth(1)).toHaveText(
    Number(last[2])
      .toFixed(2)
      .replace(/^-0\.00$/, "0.00"),
  );

  await page.getByRole("link", { name: "5Y", exact: true }).click();
  await expect(page).toHaveURL(/range=5y/);
  await expect(page.getByRole("link", { name: "5Y", exact: true })).toHaveAttribute("aria-current", "true");
  const rows = table.locator("tbody tr");
  await expect(async () => {
    const finals = await rows.filter({ hasText: "final" }).count();
    expect(finals).toBeLessThanOrEqual(60);
    expect(finals).toBeGreaterThan(40);
  }).toPass();
  await page.getByRole("link", { name: "Max", exact: true }).click();
  await expect(page).not.toHaveURL(/range=/);
  await expect(async () =>
    expect(await rows.filter({ hasText: "final" }).count()).toBeGreaterThan(100),
  ).toPass();
});

test("the series XLSX has a metadata block, real dates and number formats", async ({ page }) => {
  await login(page, VIEWER);
  const item = await firstOf(page.request, "service=energy_price&q=crude");
  await page.goto(`/series/${item.service}/${item.code}`);
  const ws = await sheetOf(await download(page, "Export XLSX"));
  const meta = new Map<string, unknown>();
  for (let r = 1; r < 10 && ws.getCell(r, 1).value; r++)
    meta.set(String(ws.getCell(r, 1).value), ws.getCell(r, 2).value);
  expect(String(meta.get("Series"))).toContain(item.code);
  expect(meta.get("Currency")).toBe(item.defaultCurrency);
  expect(meta.get("Unit")).toBe(item.defaultUnit);
  for (const key of ["Source", "As of", "Retrieved at"]) expect(meta.has(key)).toBe(true);
  const header = ws.getColumn(1).values.indexOf("month");
  const first = ws.getCell(header + 1, 1);
  expect(first.value).toBeInstanceOf(Date);
  expect(first.numFmt).toBe("mmm yyyy");
  expect(typeof ws.getCell(header + 1, 3).value).toBe("number");
  const kinds = new Set(ws.getColumn(2).values.slice(header + 1));
  expect(kinds.has("final")).toBe(true);
  expect(kinds.has("forecast")).toBe(true);
});

test("compare: one scale per unit, forecasts dashed, search to add, a wrong entry removed, export follows rebase", async ({
  page,
}) => {
  await login(page, VIEWER);
  const items = [
    await firstOf(page.request, "service=energy_price&q=crude"),
    await firstOf(page.request, "service=energy_price&q=electricity"),
    await firstOf(page.request, "service=industry_economics&kind=cost_index"),
  ];
  const refs = items.map((i) => `${i.service}:${i.code}`);
  await page.goto(`/compare?s=${refs.slice(0, 2).join(",")},nonsense:1`);
  // The wrong entry is reported with its own Remove link; the others are compared.
  const wrong = page.getByRole("alert").filter({ hasText: "nonsense:1" });
  await expect(wrong).toBeVisible();
  await wrong.getByRole("link", { name: "Remove nonsense:1" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "nonsense:1" })).toHaveCount(0);
  await expect(page).not.toHaveURL(/nonsense/);
  const legend = page.getByRole("list", { name: "Series in this comparison" });
  await expect(legend.getByRole("listitem")).toHaveCount(2);

  // Add the third by searching for its code.
  await page.getByLabel("Add a series").fill(items[2]?.code ?? "");
  await page.getByRole("button", { name: new RegExp(`^Add ${items[2]?.code}`) }).click();
  await expect(legend.getByRole("listitem")).toHaveCount(3);
  await expect(page.getByRole("img", { name: "Comparison of 3 series" })).toBeVisible();
  const axes = page.getByTestId("compare-axes");
  await expect(axes).toContainText("left axis:");
  await expect(axes).toContainText("right axis:");
  await expect(axes).toContainText("own scale");
  await expect(axes).toContainText("dashed: forecasts");
  for (const item of items) await expect(legend).toContainText(item.code);

  // A line can be hidden from its legend entry.
  const show = page.getByRole("checkbox", { name: `Show ${items[0]?.code}` });
  await show.uncheck();
  await expect(show).not.toBeChecked();

  await page.getByLabel("Transform").selectOption("rebase");
  await expect(page).toHaveURL(/mode=rebase/);
  await expect(axes).toContainText("= 100 at");
  const base = await page.getByLabel("Base month").inputValue();
  const ws = await sheetOf(await download(page, "Export XLSX"));
  const values = ws.getColumn(1).values;
  const header = values.indexOf("month");
  expect(String(ws.getCell(header, 2).value)).toBe(`${items[0]?.code} (rebase)`);
  expect(ws.getCell(header, 3).value).toBe(`${items[0]?.code} kind`);
  const baseRow = values.findIndex((v) => v instanceof Date && v.toISOString().startsWith(base));
  expect(baseRow).toBeGreaterThan(header);
  for (const col of [2, 4, 6]) expect(ws.getCell(baseRow, col).value).toBe(100);

  // On a phone the chart and its legend fit the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("img", { name: "Comparison of 3 series" })).toBeInViewport({ ratio: 0.2 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
