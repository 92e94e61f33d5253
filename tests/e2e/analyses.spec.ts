import { readFileSync } from "node:fs";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { login, VIEWER, waitForFirstSync } from "./helpers";

// The analyses on the demo data of `npm start` (one vintage: the first sync).
test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  await waitForFirstSync(browser);
});

async function usIndex(request: APIRequestContext) {
  const list = (await (
    await request.get("/api/v1/catalogue?kind=cost_index&country=United%20States&pageSize=20")
  ).json()) as { items: { service: string; code: string; specification: string }[] };
  const item = list.items.find((i) => i.specification === "Overall plant") ?? list.items[0];
  if (!item) throw new Error("no US cost index in the demo catalogue");
  const series = (await (await request.get(`/api/v1/series/${item.service}/${item.code}`)).json()) as {
    forecasts: { date: string }[];
  };
  return { ...item, lastForecast: series.forecasts.at(-1)?.date.slice(0, 7) as string };
}

test("change the base country and the ranking changes; the choice is remembered", async ({ page }) => {
  await login(page, VIEWER, "/location-factors");
  const usTable = page.getByRole("table", { name: "Location factors relative to United States" });
  await expect(usTable.getByRole("row")).not.toHaveCount(1);
  await expect(page.getByRole("img", { name: /ranked/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /Matrix of location factors/ })).toBeVisible();
  const firstRows = await usTable.getByRole("row").allInnerTexts();
  await page.getByLabel("Base country").selectOption("Germany");
  await expect(page).toHaveURL(/base=Germany/);
  const deTable = page.getByRole("table", { name: "Location factors relative to Germany" });
  await expect(deTable.getByRole("row", { name: /Germany\s+1\.000\s+base/ })).toBeVisible();
  const usRow = deTable.getByRole("row", { name: /^United States/ });
  await expect(usRow).toContainText(/derived via United States|published/);
  expect(await deTable.getByRole("row").allInnerTexts()).not.toEqual(firstRows);
  // The page opens with the last base chosen.
  await page.goto("/location-factors");
  await expect(page.getByRole("table", { name: "Location factors relative to Germany" })).toBeVisible();
  const res = await page.request.get("/api/v1/location-factors?base=Atlantis");
  expect(res.status()).toBe(422);
  expect(((await res.json()) as { error: { code: string } }).error.code).toBe("unprocessable");
});

test("run the calculator and read its steps; a forecast month is labelled", async ({ page }) => {
  await login(page, VIEWER, "/tools");
  await page.getByLabel("Amount").fill("1000000");
  await page.getByLabel("Currency").fill("USD");
  await page.getByLabel("Estimate month").fill("2015-06");
  await page.getByLabel("Estimate country").selectOption("United States");
  await page.getByLabel("Target month").fill("2020-01");
  await page.getByLabel("Target country").selectOption("Germany");
  await page.getByRole("button", { name: "Calculate" }).click();
  await expect(page).toHaveURL(/targetCountry=Germany/);
  const steps = page.getByRole("table", { name: "Calculation steps" });
  await expect(steps.getByRole("row", { name: /^Escalate/ })).toContainText("2015-06");
  await expect(steps.getByRole("row", { name: /^Relocate United States → Germany/ })).toBeVisible();
  await expect(page.getByRole("status")).toContainText(
    /1,000,000 USD in United States at 2015-06 is [\d,.]+ USD in Germany at 2020-01/,
  );
  const index = await usIndex(page.request);
  await page.goto(
    `/tools?amount=500&currency=USD&month=2015-06&country=United+States&targetMonth=${index.lastForecast}&targetCountry=United+States`,
  );
  await expect(page.getByRole("table", { name: "Calculation steps" })).toContainText("(forecast)");
  await expect(page.getByRole("status")).toContainText("uses a forecast month");
  await page.goto(
    "/tools?amount=500&currency=USD&month=1999-01&country=United+States&targetMonth=2020-01&targetCountry=Germany",
  );
  await expect(page.getByRole("alert").filter({ hasText: "has no value for 1999-01" })).toBeVisible();
});

test("open the forecast overlay and the vintage comparison; download a chart and every vintage", async ({
  page,
}) => {
  await login(page, VIEWER, "/catalogue");
  const index = await usIndex(page.request);
  await page.goto(`/series/${index.service}/${index.code}`);
  const [svg] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download SVG" }).first().click(),
  ]);
  expect(svg.suggestedFilename()).toMatch(/\.svg$/);
  expect(readFileSync((await svg.path()) as string, "utf8")).toContain("<svg");
  await page.getByLabel("Analysis").selectOption("forecasts");
  await expect(page).toHaveURL(/analysis=forecasts/);
  await expect(page.getByRole("img", { name: /Past forecasts of/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Past forecasts against the finals" })).toBeVisible();
  await page.getByLabel("Analysis").selectOption("vintages");
  await expect(page).toHaveURL(/analysis=vintages/);
  await expect(page.getByLabel("Older vintage")).toBeVisible();
  await expect(page.getByRole("img", { name: /Two vintages of/ })).toBeVisible();
  await expect(page.getByRole("table", { name: "Revisions between the two vintages" })).toBeVisible();
  const section = page.getByRole("region", { name: "Vintages" });
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    section.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  const csv = readFileSync((await file.path()) as string, "utf8").split("\r\n");
  expect(csv[0]).toMatch(/^month,vintage \d{4}-\d{2}-\d{2}/);
  expect(csv.length).toBeGreaterThan(200);
});

test("the API is described by OpenAPI, with a readable reference", async ({ page }) => {
  await login(page, VIEWER, "/reference");
  await expect(page.getByRole("heading", { name: "GET /api/v1/tools/estimate" })).toBeVisible();
  const doc = (await (await page.request.get("/api/v1/openapi.json")).json()) as {
    openapi: string;
    paths: Record<string, unknown>;
  };
  expect(doc.openapi).toBe("3.1.0");
  expect(Object.keys(doc.paths)).toContain("/location-factors");
});
