import { expect, type Page } from "@playwright/test";

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
