import { expect, type Page, test } from "@playwright/test";
import { ADMIN, login, sameOrigin, VIEWER, waitForFirstSync } from "./helpers";

// A viewer with a list hears about a release: the bundled simulator's clock moves to its next
// release (its control API, opened for the tests), an admin syncs, and the viewer finds one digest
// behind the bell, opens it and marks it read. Runs after every other spec (its own project).

const SIMULATOR_PORT = process.env.E2E_SIMULATOR_PORT || "4110";
const CONTROL_HEADERS = {
  "content-type": "application/json",
  "x-control-token": `e2e-simulator-control-${SIMULATOR_PORT}`,
};

async function moveSimulatorClock(body: unknown) {
  const res = await fetch(`http://localhost:${SIMULATOR_PORT}/_control/clock`, {
    method: "POST",
    headers: CONTROL_HEADERS,
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

type Progress = { current?: { id: string; status: string } | null };
const latestRun = async (page: Page) =>
  ((await (await page.request.get("/api/admin/sync/progress")).json()) as Progress).current;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  await waitForFirstSync(browser);
});

test("a viewer with a list sees the release's digest behind the bell and marks it read", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await login(page, VIEWER, "/bookmarks");
  const catalogue = (await (
    await page.request.get("/api/v1/catalogue?pageSize=25&status=active")
  ).json()) as {
    items: { service: string; code: string }[];
  };
  const created = await page.request.post("/api/v1/bookmarks", {
    data: { name: "Release watch" },
    headers: sameOrigin(page),
  });
  expect(created.status()).toBeLessThan(300);
  const list = (await created.json()) as { id: string };
  for (const item of catalogue.items) {
    const res = await page.request.post(`/api/v1/bookmarks/${list.id}/items`, {
      data: { service: item.service, code: item.code },
      headers: sameOrigin(page),
    });
    expect(res.status()).toBeLessThan(300);
  }
  // An admin turns the company webhook on (nothing listens there: the message waits to be retried).
  const admin = await browser.newPage();
  await login(admin, ADMIN, "/admin/notifications");
  await admin.getByRole("checkbox", { name: "Post to a webhook" }).check();
  await admin.getByLabel("Webhook URL").fill("http://127.0.0.1:9/price-atlas");
  await admin.getByLabel(/^Signing secret/).fill("e2e-webhook-secret");
  await admin.getByRole("button", { name: "Save channels" }).click();
  await expect(admin.getByText("Saved.")).toBeVisible();
  await expect(admin.getByLabel("Signing secret (set; blank keeps it)")).toHaveValue("");

  // The viewer wants this list on the webhook too.
  await page.reload();
  await expect(page.getByRole("link", { name: "Notifications, none unread" })).toBeVisible();
  await page.getByRole("checkbox", { name: "Send Release watch changes to the company webhook" }).check();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

  // The vendor publishes its next release; an admin syncs an hour later.
  await moveSimulatorClock({ advance: "next-release" });
  await moveSimulatorClock({ advanceMs: 3_600_000 });
  const before = (await latestRun(admin))?.id;
  const started = await admin.request.post("/api/admin/sync", { data: {}, headers: sameOrigin(admin) });
  expect(started.status()).toBeLessThan(300);
  await expect
    .poll(
      async () => {
        const run = await latestRun(admin);
        return run && run.id !== before ? run.status : "not started";
      },
      { timeout: 220_000, intervals: [2000] },
    )
    .toMatch(/^(done|partial)$/);
  // One webhook message for the viewer's digest, waiting in the queue (its receiver is down).
  await admin.reload();
  await expect(admin.getByTestId("delivery-queue")).toHaveText(/^1 waiting · 0 sent · 0 given up$/);
  await admin.close();

  // One digest, counted on the bell — in sight on a phone too, outside the collapsed menu.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const bell = page.getByRole("link", { name: "Notifications, 1 unread" });
  await expect(bell).toBeVisible();
  await expect(bell.getByTestId("unread-count")).toHaveText("1");
  await page.screenshot({ path: test.info().outputPath("bell-390.png") });
  await page.setViewportSize({ width: 1280, height: 900 });
  await bell.click();
  await expect(page).toHaveURL(/\/notifications/);
  await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
  const digest = page.getByRole("listitem", { name: /series changed in the \d{4}-\d{2} release/ });
  await expect(digest).toHaveCount(1);
  // Its series are links to the series pages, with what happened to them.
  const firstSeries = digest.getByRole("link").first();
  await expect(firstSeries).toHaveAttribute("href", /^\/series\/(industry_economics|energy_price)\//);
  await expect(digest.getByText(/New data|Revised|Discontinued/).first()).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("notifications-390.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await digest.getByRole("button", { name: /^Mark read:/ }).click();
  await expect(page.getByRole("link", { name: "Notifications, none unread" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "All read." })).toBeVisible();
  const feed = (await (await page.request.get("/api/v1/notifications?unread=true")).json()) as {
    unread: number;
    items: unknown[];
  };
  expect(feed).toMatchObject({ unread: 0, items: [] });
});
