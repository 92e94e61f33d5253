import { expect, test } from "@playwright/test";
import { ADMIN, login, sameOrigin, VIEWER, waitForFirstSync } from "./helpers";

// Quotas seen over time: an admin sees the quota chart, and after another client spends a
// dataset's codes with the same login behind the app's back (straight at the bundled simulator),
// a refresh shows the threshold warning in the shell and the reconciliation warning. A viewer
// sees the vendor calendar.

const SIMULATOR = `http://127.0.0.1:${process.env.E2E_SIMULATOR_PORT || "4110"}`;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  await waitForFirstSync(browser);
});

type History = { datasets: { service: string; dataset: string; remaining: number; total: number }[] };
type Coverage = { service: string; coverage: string; dataset: string | null };
type Info = { code: string; coverage: string };

/** The vendor's own door, with the same login the app holds. */
async function simulatorToken(): Promise<string> {
  const res = await fetch(`${SIMULATOR}/access_token/v1`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "demo", password: "demo" }),
  });
  expect(res.ok).toBe(true);
  return ((await res.json()) as { access_token: string }).access_token;
}

test("an admin sees the quota chart, and a warning once the quota is drawn down behind the app's back", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page, ADMIN, "/admin/quota");
  await expect(page.getByRole("heading", { name: "Quota", exact: true })).toBeVisible();
  await expect(
    page.getByRole("img", { name: /Remaining codes of .* through the release period/ }),
  ).toBeVisible();
  const table = page.getByRole("table", { name: "Quota per dataset" });
  await expect(table).toBeVisible();
  // Sorted by the projection (worst first); a header sorts by its column.
  await expect(table.getByRole("columnheader", { name: /At period end/ })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await table.getByRole("button", { name: "Dataset" }).click();
  await expect(table.getByRole("columnheader", { name: /Dataset/ })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await expect(page.getByLabel("Vendor calls today")).toBeVisible();

  // The energy-price dataset with the most codes left, and codes of it from the vendor's catalogue.
  const history = (await (
    await page.request.get("/api/v1/limits/history?service=energy_price")
  ).json()) as History;
  const target = [...history.datasets].sort((a, b) => b.remaining - a.remaining)[0];
  if (!target) throw new Error("no energy-price dataset reported");
  const coverages = (
    (await (await page.request.get("/api/admin/datasets")).json()) as { coverages: Coverage[] }
  ).coverages.filter((c) => c.service === "energy_price" && c.dataset === target.dataset);
  const countries = new Set(coverages.map((c) => c.coverage));
  const token = await simulatorToken();
  const auth = { authorization: `Bearer ${token}` };
  const info = (await (
    await fetch(`${SIMULATOR}/energy_price/v1/export/series`, { headers: auth })
  ).json()) as Info[];
  const codes = info.filter((r) => countries.has(r.coverage)).map((r) => r.code);
  expect(codes.length).toBeGreaterThan(0);

  // Spend until at most 3 % of the dataset's codes are left (each answered code counts).
  let left = target.remaining;
  const batch = codes.slice(0, 40);
  while (left > target.total * 0.03) {
    const res = await fetch(`${SIMULATOR}/energy_price/v1/export/series/${batch.join(",")}`, {
      headers: auth,
    });
    if (res.status === 429 && !(await res.text()).toLowerCase().includes("quota")) {
      await new Promise((r) => setTimeout(r, 300));
      continue;
    }
    if (!res.ok) break; // the dataset's quota is spent
    left -= ((await res.json()) as unknown[]).length;
  }

  await page.getByRole("button", { name: "Refresh the vendor's report" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Report received." })).toBeVisible();
  const shellWarning = page.getByRole("status", { name: "Quota warning" });
  await expect(shellWarning).toContainText("% used");
  await expect(page.getByText(`${target.dataset} codes this month: 95 % of the quota used`)).toBeVisible();
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: `Something else is spending this login's quota: for ${target.dataset}` }),
  ).toBeVisible();

  // The warning stays in the shell on other pages, for admins.
  await page.goto("/catalogue");
  await expect(page.getByRole("status", { name: "Quota warning" })).toBeVisible();
  // Dismissed, it stays away on the next pages (until another threshold is crossed).
  await page.getByRole("status", { name: "Quota warning" }).getByRole("button", { name: "Dismiss" }).click();
  await expect(page.getByRole("status", { name: "Quota warning" })).toHaveCount(0);
  await page.goto("/compare");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("status", { name: "Quota warning" })).toHaveCount(0);

  // The thresholds are the admin's to set (and a bad value is refused with a message).
  await page.goto("/admin/quota");
  await page.getByLabel("Warn at (percent used, comma-separated)").fill("70, 101");
  await page.getByRole("button", { name: "Save thresholds" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Invalid thresholds/ })).toBeVisible();
  const saved = await page.request.put("/api/admin/quota/thresholds", {
    data: { thresholds: [80, 95] },
    headers: sameOrigin(page),
  });
  expect(saved.status()).toBe(200);
});

test("a viewer sees the vendor calendar, not the quota warnings", async ({ page }) => {
  await login(page, VIEWER, "/");
  const calendar = page.getByRole("region", { name: "Vendor calendar" });
  await expect(calendar).toBeVisible();
  await expect(calendar).toContainText("Next release");
  await expect(calendar.getByRole("status")).toContainText("On-demand fetches");
  await expect(page.getByRole("status", { name: "Quota warning" })).toHaveCount(0);
  const res = await page.request.get("/api/v1/calendar");
  expect(res.status()).toBe(200);
  expect(((await res.json()) as { nextRelease: string }).nextRelease).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  // The quota page is for admins.
  const admin = await page.request.get("/admin/quota", { maxRedirects: 0 });
  expect(admin.status()).not.toBe(200);
});

test("the quota page fits a phone", async ({ page }) => {
  await login(page, ADMIN, "/admin/quota");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole("img", { name: /Remaining codes of/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
