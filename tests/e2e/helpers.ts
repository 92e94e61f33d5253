import { type Browser, expect, type Page } from "@playwright/test";

export const ADMIN = { email: "admin@example.com", password: "atlas-admin" };
export const VIEWER = { email: "viewer@example.com", password: "atlas-viewer" };

export async function login(page: Page, who: { email: string; password: string }, path = "/catalogue") {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible({ timeout: 30_000 });
}

/** What a browser adds to a change made from one of the app's own pages. */
export function sameOrigin(page: Page): Record<string, string> {
  return { origin: new URL(page.url()).origin, "sec-fetch-site": "same-origin" };
}

/** The demo data of `npm start`: the first sync runs on its own at start-up; wait for it once. */
export async function waitForFirstSync(browser: Browser): Promise<void> {
  const page = await browser.newPage();
  await login(page, ADMIN);
  await expect
    .poll(
      async () => {
        const res = await page.request.get("/api/admin/sync/progress");
        const body = (await res.json()) as { current?: { status: string } | null };
        return body.current?.status;
      },
      { timeout: 220_000, intervals: [2000] },
    )
    .toBe("done");
  await page.close();
}
