// The admin's reading views on the demo data: the call ledger's filters and pages, a sync run
// opened to its batches and calls, and the audit log's sign-ins.
import { expect, type Page, test } from "@playwright/test";
import { ADMIN, login, waitForFirstSync } from "./helpers";

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  await waitForFirstSync(browser);
});

/** The text of one column in every row of a table. */
async function column(page: Page, table: string, index: number): Promise<string[]> {
  const texts = await page
    .getByRole("table", { name: table })
    .locator(`tbody tr td:nth-child(${index})`)
    .allTextContents();
  return texts.map((t) => t.trim());
}

/** The number a "N calls · M data requests" line starts with. */
async function leadingNumber(text: Promise<string | null>): Promise<number> {
  return Number(((await text) ?? "").trim().split(" ")[0]?.replace(/,/g, ""));
}

test("the ledger filters by operation and outcome, and pages", async ({ page }) => {
  await login(page, ADMIN, "/admin/calls");
  await expect(page.getByRole("heading", { name: "Upstream calls" })).toBeVisible();
  const summary = page.getByText(/^[\d,]+ calls? · [\d,]+ data requests/);
  await expect(summary).toBeVisible();
  const allCalls = await leadingNumber(summary.textContent());
  expect(allCalls).toBeGreaterThan(50);
  // Unfiltered, the page holds more than data-limits reads (the sync's calls).
  expect((await column(page, "Upstream calls", 2)).some((op) => op !== "data_limits")).toBe(true);
  await page.getByLabel("Operation").selectOption("data_limits");
  await expect(page).toHaveURL(/operation=data_limits/);
  await expect
    .poll(async () => new Set(await column(page, "Upstream calls", 2)))
    .toEqual(new Set(["data_limits"]));
  const limitsCalls = await leadingNumber(summary.textContent());
  expect(limitsCalls).toBeGreaterThan(0);
  expect(limitsCalls).toBeLessThan(allCalls);

  await page.getByLabel("Operation").selectOption("series_hist");
  await expect(page).toHaveURL(/operation=series_hist/);
  await expect
    .poll(async () => new Set(await column(page, "Upstream calls", 2)))
    .toEqual(new Set(["series_hist"]));
  const histCalls = await leadingNumber(summary.textContent());
  expect(histCalls).toBeLessThan(allCalls);

  await page.getByLabel("Outcome").selectOption("ok");
  await expect(page).toHaveURL(/outcome=ok/);
  await expect(page).toHaveURL(/operation=series_hist/);
  await expect.poll(async () => new Set(await column(page, "Upstream calls", 7))).toEqual(new Set(["ok"]));

  // Paging keeps the filters; page 2 shows other calls.
  await page.getByLabel("Operation").selectOption("");
  await expect(page).not.toHaveURL(/operation=/);
  const firstPage = await column(page, "Upstream calls", 1);
  await page.getByRole("link", { name: "Next →" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page).toHaveURL(/outcome=ok/);
  await expect(page.getByText(/^Page 2 of \d+/)).toBeVisible();
  await expect
    .poll(async () => (await column(page, "Upstream calls", 1)).join("|"))
    .not.toBe(firstPage.join("|"));

  // A filter that matches nothing says so.
  await page.goto("/admin/calls?from=2099-01-01");
  await expect(page.getByText("No call matches these filters.")).toBeVisible();
});

test("a sync run opens to its batches and its calls in the ledger", async ({ page }) => {
  await login(page, ADMIN, "/admin/runs");
  await expect(page.getByRole("heading", { name: "Sync runs" })).toBeVisible();
  const runs = page.getByRole("table", { name: "Sync runs" });
  await expect(runs.locator("tbody tr").first()).toBeVisible();
  await runs.locator("tbody tr").last().getByRole("link").click();
  await expect(page).toHaveURL(/\/admin\/runs\/[\w-]+$/);
  await expect(page.getByRole("heading", { name: /^Sync run / })).toBeVisible();
  await expect(page.getByRole("table", { name: "Batches" }).locator("tbody tr").first()).toBeVisible();
  const runId = page.url().split("/").at(-1) ?? "";
  await page.getByRole("link", { name: "Open this run's calls in the ledger" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/calls\\?run=${runId}`));
  await expect(page.getByLabel("Sync run")).toHaveValue(runId);
  await expect(page.getByRole("table", { name: "Upstream calls" }).locator("tbody tr").first()).toBeVisible();
});

test("the audit log lists the admin's sign-in", async ({ page }) => {
  await login(page, ADMIN, "/admin/audit");
  await page.getByLabel("Action").selectOption("auth.sign_in");
  await expect(page).toHaveURL(/action=auth\.sign_in/);
  const table = page.getByRole("table", { name: "Audit log" });
  await expect(table.getByRole("row", { name: new RegExp(`Sign-in ${ADMIN.email}`) }).first()).toBeVisible();
  await expect.poll(async () => new Set(await column(page, "Audit log", 2))).toEqual(new Set(["Sign-in"]));
});

test("the admin pages fit a 390 px wide screen", async ({ page }) => {
  await login(page, ADMIN, "/admin/calls");
  await page.setViewportSize({ width: 390, height: 800 });
  await page.reload();
  await expect(page.getByLabel("Operation")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
});
