// The end-to-end tests drive the system's Chromium (Playwright cannot download browsers here).
import { existsSync } from "node:fs";

const path = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
if (!existsSync(path)) {
  console.error(
    `Chromium is missing at ${path}. Install it (Debian: sudo apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
