import { expect, test } from "@playwright/test";
import { ADMIN, login, sameOrigin, VIEWER } from "./helpers";

test("an anonymous visitor is sent to the login page, and the API says 401", async ({ page, request }) => {
  await page.goto("/catalogue");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fcatalogue/);
  await expect(page.getByRole("heading", { name: "Price Atlas" })).toBeVisible();
  const res = await request.get("/api/admin/users");
  expect(res.status()).toBe(401);
  expect(await res.json()).toEqual({ error: { code: "unauthorized", message: expect.any(String) } });
});

test("a wrong password is refused", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(VIEWER.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Wrong" })).toHaveText(
    "Wrong email address or password.",
  );
  await expect(page).toHaveURL(/\/login/);
});

test("a viewer sees the shell without Admin, cannot open admin pages or APIs, and can sign out", async ({
  page,
}) => {
  await login(page, VIEWER);
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const area of ["Catalogue", "Compare", "Location factors", "Tools", "Bookmarks"]) {
    await expect(nav.getByRole("link", { name: area })).toBeVisible();
  }
  await expect(nav.getByRole("link", { name: "Admin" })).toHaveCount(0);
  await expect(page.getByTestId("signed-in-user")).toHaveText("Demo viewer");

  const api = await page.request.get("/api/admin/users");
  expect(api.status()).toBe(403);
  expect((await api.json()).error.code).toBe("forbidden");
  const pageRes = await page.goto("/admin/users");
  expect(pageRes?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto("/catalogue");
  await expect(page).toHaveURL(/\/login/);
  // Retried: a kept-alive connection the busy server (first sync running) just closed resets once.
  await expect(async () => {
    expect((await page.request.get("/api/admin/users")).status()).toBe(401);
  }).toPass();
});

test("an admin sees Admin, adds a user who can then sign in, and disables them", async ({
  page,
  browser,
}) => {
  await login(page, ADMIN);
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Admin" }).click();
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Users" }).click();
  const email = `analyst-${Date.now()}@example.com`;
  const form = page.getByRole("form", { name: "Add a user" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill("analyst-password");
  await form.getByRole("button", { name: "Add user" }).click();
  await expect(page.getByRole("status")).toHaveText(`Created ${email}.`);
  await expect(page.getByRole("cell", { name: email, exact: true })).toBeVisible();

  const other = await browser.newContext();
  const second = await other.newPage();
  await login(second, { email, password: "analyst-password" });
  expect((await second.request.get("/api/v1/catalogue?pageSize=1")).status()).toBe(200);

  // Disabling the account ends its open session at once, not when the cookie expires.
  await page.getByRole("button", { name: `Disable ${email}` }).click();
  await expect(page.getByRole("status")).toHaveText(`Disabled ${email}.`);
  expect((await second.request.get("/api/v1/catalogue?pageSize=1")).status()).toBe(401);
  await second.goto("/catalogue");
  await expect(second).toHaveURL(/\/login/);
  await other.close();
});

test("failed logins are throttled per account", async ({ page, request }) => {
  // a fresh account so the demo logins stay usable
  await login(page, ADMIN);
  const email = `locked-${Date.now()}@example.com`;
  const created = await page.request.post("/api/admin/users", {
    data: { email, password: "right-password", role: "viewer" },
    headers: sameOrigin(page),
  });
  expect(created.status()).toBe(200);
  const attempt = async (password: string) => {
    const csrf = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
    const res = await request.post("/api/auth/callback/credentials", {
      form: { email, password, csrfToken: csrf.csrfToken, json: "true" },
      maxRedirects: 0,
    });
    // next-auth answers {url} when asked for JSON, a redirect otherwise; either names the error
    const body = (await res.json().catch(() => ({}))) as { url?: string };
    return body.url ?? res.headers().location ?? "";
  };
  for (let i = 0; i < 5; i++) expect(await attempt("wrong")).toContain("error=");
  expect(decodeURIComponent(await attempt("right-password"))).toContain("Too many failed attempts");
});

test("a user creates a personal API token, a script uses it, and revoking it stops it", async ({
  page,
  playwright,
}) => {
  await login(page, VIEWER);
  await page.getByRole("link", { name: /Your account/ }).click();
  await expect(page.getByRole("heading", { name: "API tokens" })).toBeVisible();
  const name = `report-${Date.now()}`;
  const form = page.getByRole("form", { name: "Create an API token" });
  await form.getByLabel("Token name").fill(name);
  await form.getByLabel("Expires").selectOption("30");
  await form.getByRole("button", { name: "Create token" }).click();
  const token = await page.getByLabel(/copy it now/).inputValue();
  expect(token).toMatch(/^pa_/);
  await expect(page.getByRole("cell", { name, exact: true })).toBeVisible();

  // A script: no cookies, only the token.
  const script = await playwright.request.newContext({ baseURL: page.url() });
  const asScript = (t: string) =>
    script.get("/api/v1/catalogue?pageSize=1", { headers: { authorization: `Bearer ${t}` } });
  expect((await asScript(token)).status()).toBe(200);
  expect((await asScript(`${token}x`)).status()).toBe(401);

  await page.getByRole("button", { name: `Revoke ${name}` }).click();
  await page.getByRole("button", { name: `Revoke ${name} now` }).click();
  await expect(page.getByRole("cell", { name, exact: true })).toHaveCount(0);
  expect((await asScript(token)).status()).toBe(401);
  await script.dispose();
});
