import { expect, type Page, test } from "@playwright/test";
import { ADMIN, login, sameOrigin, VIEWER } from "./helpers";

// Everyday use on a phone and a desktop: the shell, search ranking, the home page, signing out.

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await login(page, ADMIN);
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get("/api/admin/sync")).json()) as {
            current?: { status: string } | null;
          }
        ).current?.status,
      { timeout: 220_000, intervals: [2000] },
    )
    .toBe("done");
  await page.close();
});

async function signInNarrow(page: Page, who: { email: string; password: string }, path = "/") {
  await page.goto(path);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Menu" })).toBeVisible({ timeout: 30_000 });
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test.describe("on a phone (390 × 844)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu opens a drawer with every area, Escape closes it, and no page scrolls sideways", async ({
    page,
  }) => {
    await signInNarrow(page, ADMIN);
    const menu = page.getByRole("button", { name: "Menu" });
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(nav).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    for (const area of ["Catalogue", "Compare", "Location factors", "Tools", "Bookmarks", "Admin"])
      await expect(nav.getByRole("link", { name: area })).toBeInViewport();
    await expect(page.getByRole("button", { name: "Sign out" })).toBeInViewport();
    await expect(nav.getByRole("link", { name: "Catalogue" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();
    // A link in the drawer navigates and closes it.
    await menu.click();
    await nav.getByRole("link", { name: "Bookmarks" }).click();
    await expect(page).toHaveURL(/\/bookmarks$/);
    await expect(nav).toBeHidden();
    for (const path of [
      "/",
      "/catalogue",
      "/catalogue?q=natural+gas",
      "/bookmarks",
      "/account",
      "/admin/users",
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await pageWidth(page), path).toBeLessThanOrEqual(390);
    }
  });

  test("a skip link leads past the header to the content", async ({ page }) => {
    await signInNarrow(page, VIEWER, "/catalogue");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await skip.press("Enter");
    await expect(page.locator("main")).toBeFocused();
  });
});

test.describe("on a desktop (1440 × 900)", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("the navigation sits in the header, without a menu button", async ({ page }) => {
    await login(page, ADMIN);
    await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const area of ["Catalogue", "Compare", "Location factors", "Tools", "Bookmarks", "Admin"])
      await expect(nav.getByRole("link", { name: area })).toBeInViewport();
    await expect(page.getByRole("button", { name: "Sign out" })).toBeInViewport();
    expect(await pageWidth(page)).toBeLessThanOrEqual(1440);
  });

  test("search ranks by relevance and understands countries, units and typos", async ({ page }) => {
    await login(page, VIEWER, "/catalogue");
    const firstRow = page.locator("table.data tbody tr").first();
    const search = async (q: string) => {
      await page.getByLabel("Search", { exact: true }).fill(q);
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(q).replace(/%20/g, "\\+")}`));
    };
    await search("natural gas");
    await expect(firstRow).toContainText("Natural gas, ");
    await search("gas germany");
    await expect(firstRow).toContainText(/Natural gas, .*Germany/);
    await search("USA");
    await expect(firstRow).toContainText("United States");
    await search("electrcity");
    await expect(firstRow).toContainText("Electricity");
    await search("MMBtu");
    await expect(firstRow).toContainText("MMBtu");
  });

  test("catalogue controls load in place: arrow keys on a facet load once, when they rest", async ({
    page,
  }) => {
    await login(page, VIEWER, "/catalogue");
    await expect(page.locator("table.data tbody tr").first()).toBeVisible();
    let loads = 0;
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/catalogue" && r.url().includes("country=")) loads++;
    });
    const country = page.getByLabel("Country");
    await country.focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowDown");
    await expect(page).toHaveURL(/country=/);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(loads).toBe(1);
    const picked = await country.inputValue();
    await expect(page.locator("table.data tbody tr").first()).toContainText(picked);
    // A search by Enter keeps the field focused for the next one; Clear all empties it.
    await page.goto("/catalogue");
    const field = page.getByLabel("Search", { exact: true });
    await field.fill("diesel");
    await field.press("Enter");
    await expect(page).toHaveURL(/q=diesel/);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(field).toBeFocused();
    await expect(field).toHaveValue("diesel");
    // The first screenful of rows comes at once, the rest of the page of 50 a frame later.
    const total = Number((await page.getByText(/^[\d,]+ assessments?$/).textContent())?.replace(/\D/g, ""));
    expect(total).toBeGreaterThan(20);
    await expect(page.locator("table.data tbody tr")).toHaveCount(Math.min(50, total));
    await page.getByRole("link", { name: "Clear all" }).click();
    await expect(page).toHaveURL(/\/catalogue\??$/);
    await expect(field).toHaveValue("");
    // Paging keeps the filters and shows the next page in place.
    await page.goto("/catalogue");
    await page.getByRole("link", { name: "Next →" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(/Page 2 of/)).toBeVisible();
  });

  test("the home page shows bookmarked series with their latest values, a compare link and recent series", async ({
    page,
  }) => {
    await login(page, VIEWER, "/");
    await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
    await expect(page.getByText(/Next vendor release: /)).toBeVisible();
    const found = (await (
      await page.request.get("/api/v1/catalogue?q=natural+gas+germany&pageSize=2")
    ).json()) as {
      items: { service: string; code: string }[];
    };
    const name = `Home ${Date.now()}`;
    const list = (await (
      await page.request.post("/api/v1/bookmarks", { headers: sameOrigin(page), data: { name } })
    ).json()) as {
      id: string;
    };
    for (const i of found.items)
      await page.request.post(`/api/v1/bookmarks/${list.id}/items`, {
        headers: sameOrigin(page),
        data: { service: i.service, code: i.code },
      });
    const [first] = found.items;
    if (!first) throw new Error("no natural gas series in Germany");
    await page.goto(`/series/${first.service}/${first.code}`);
    await page.goto("/");
    const values = page.getByRole("table", { name: `Latest values in ${name}` });
    await expect(values.getByRole("row")).toHaveCount(found.items.length + 1);
    await expect(values.getByRole("row").nth(1)).toContainText(/\d.* \/ .*\d{4}-\d{2}/);
    const compare = page
      .getByRole("region", { name: `List ${name}` })
      .getByRole("link", { name: "Open in Compare" });
    await expect(compare).toHaveAttribute("href", new RegExp(`${first.service}%3A${first.code}`));
    const recent = page.getByRole("region", { name: "Recently viewed" });
    await expect(recent.getByRole("link", { name: new RegExp(first.code) })).toBeVisible();
  });
});

test("bookmarks: the button toggles, lists are renamed, opened in Compare and deleted after a confirmation", async ({
  page,
}) => {
  await login(page, VIEWER, "/bookmarks");
  const name = `Watch ${Date.now()}`;
  await page.getByLabel("New list name").fill(name);
  await page.getByRole("button", { name: "Create list" }).click();
  const list = page.getByRole("region", { name: `List ${name}` });
  await expect(list).toBeVisible();
  const found = (await (await page.request.get("/api/v1/catalogue?q=electricity&pageSize=1")).json()) as {
    items: { service: string; code: string }[];
  };
  const item = found.items[0];
  if (!item) throw new Error("no electricity series");
  await page.goto(`/series/${item.service}/${item.code}`);
  await page.getByLabel(`Bookmark list for ${item.code}`).selectOption({ label: name });
  const button = page.getByRole("button", { name: `Bookmark ${item.code}` });
  await expect(button).toHaveAttribute("aria-pressed", "false");
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "true");
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "false");
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "true");
  // The saved state survives a reload.
  await page.reload();
  await page.getByLabel(`Bookmark list for ${item.code}`).selectOption({ label: name });
  await expect(page.getByRole("button", { name: `Bookmark ${item.code}` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  await page.goto("/bookmarks");
  await expect(list.getByRole("table", { name: `Latest values in ${name}` })).toContainText(item.code);
  await expect(list.getByRole("link", { name: "Open in Compare" })).toHaveAttribute(
    "href",
    `/compare?s=${item.service}%3A${item.code}`,
  );
  await list.getByRole("button", { name: "Rename" }).click();
  await list.getByLabel("List name").fill(`${name} renamed`);
  await list.getByRole("button", { name: "Save name" }).click();
  const renamed = page.getByRole("region", { name: `List ${name} renamed` });
  await expect(renamed).toBeVisible();
  await renamed.getByRole("button", { name: "Delete list" }).click();
  await renamed.getByRole("button", { name: "Cancel" }).click();
  await expect(renamed).toBeVisible();
  await renamed.getByRole("button", { name: "Delete list" }).click();
  await renamed.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(renamed).toHaveCount(0);
});

test("an admin resets a user's password, and can undo disabling an account", async ({ page, browser }) => {
  await login(page, ADMIN, "/admin/users");
  const email = `reset-${Date.now()}@example.com`;
  const form = page.getByRole("form", { name: "Add a user" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill("first-password");
  await form.getByRole("button", { name: "Add user" }).click();
  await expect(page.getByRole("status")).toHaveText(`Created ${email}.`);
  await page.getByRole("button", { name: `Reset the password of ${email}` }).click();
  await page.getByLabel(`New password for ${email}`).fill("second-password");
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByRole("status")).toHaveText(`Set a new password for ${email}.`);
  const other = await browser.newContext();
  await login(await other.newPage(), { email, password: "second-password" });
  await other.close();

  await page.getByRole("button", { name: `Disable ${email}` }).click();
  await expect(page.getByRole("status")).toHaveText(`Disabled ${email}.`);
  await page.getByRole("button", { name: `Undo: enable ${email} again` }).click();
  await expect(page.getByRole("status")).toHaveText(`Enabled ${email}.`);
  await expect(page.getByRole("button", { name: `Disable ${email}` })).toBeVisible();
});

test.describe("with the system set to dark", () => {
  test.use({ colorScheme: "dark" });

  test("the app follows the system's dark mode, and has a favicon", async ({ page }) => {
    await login(page, VIEWER, "/catalogue");
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe("rgb(15, 22, 32)");
    const icon = await page.locator('link[rel="icon"]').first().getAttribute("href");
    expect(icon).toBeTruthy();
    expect((await page.request.get(icon ?? "")).status()).toBe(200);
  });
});

test("signing out stays on the host the app was opened by", async ({ page, baseURL }) => {
  const other = (baseURL ?? "").replace("localhost", "127.0.0.1");
  await page.goto(`${other}/login`);
  await page.getByLabel("Email").fill(VIEWER.email);
  await page.getByLabel("Password").fill(VIEWER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(`${other}/login`);
});
