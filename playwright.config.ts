import { defineConfig } from "@playwright/test";

// End-to-end tests run against a real `npm start` (build, migrations, bundled simulator, PGlite)
// in a throw-away data directory, driven through the system's Chromium.
// E2E_PORT / E2E_SIMULATOR_PORT let two checkouts run their suites side by side.
const PORT = Number(process.env.E2E_PORT || 3100);
const SIMULATOR_PORT = process.env.E2E_SIMULATOR_PORT || "4110";
const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 2,
  reporter: [["list"]],
  retries: 0,
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    {
      name: "chromium",
      use: { browserName: "chromium" },
      testIgnore: [/security\.spec\.ts/, /notifications\.spec\.ts/],
    },
    // The security suite checks that nothing was written, so it runs alone, after the others.
    {
      name: "security",
      use: { browserName: "chromium" },
      testMatch: /security\.spec\.ts/,
      dependencies: ["chromium"],
    },
    // A release in the simulator moves every series: last, so no other spec sees it happen.
    {
      name: "release",
      use: { browserName: "chromium" },
      testMatch: /notifications\.spec\.ts/,
      dependencies: ["security"],
    },
  ],
  webServer: {
    command: `rm -rf data/e2e-${PORT} && npm start`,
    url: `http://localhost:${PORT}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      PORT: String(PORT),
      DATA_DIR: `data/e2e-${PORT}`,
      SIMULATOR_PORT,
      NEXTAUTH_URL: `http://localhost:${PORT}`,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      UPSTREAM_BASE_URL: "",
      // The tests read today's release; the demo's history replay would move data under them.
      DEMO_HISTORY_MONTHS: "0",
      // Opens the bundled simulator's control API: the notifications spec moves its clock to a release.
      SIMULATOR_CONTROL_TOKEN: `e2e-simulator-control-${SIMULATOR_PORT}`,
      UPSTREAM_USERNAME: "",
      UPSTREAM_PASSWORD: "",
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
      NEXTAUTH_SECRET: "",
    },
  },
});
