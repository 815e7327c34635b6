/**
 * What the web client's Chromium tests share: Debian's chromium (no browser download), launched
 * headless by playwright-core; a page watcher that collects console errors, page errors and
 * failed requests; the screenshots folder (gitignored). Without a browser the tests are skipped
 * with a warning, unless REQUIRE_BROWSER is set (CI), where that is a failure.
 */
import { existsSync, mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) {
  const why = `no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`;
  if (process.env.REQUIRE_BROWSER) throw new Error(`web e2e tests need a browser: ${why}`);
  console.warn(`web e2e tests skipped: ${why}`);
}

export const SHOTS = fileURLToPath(new URL("./screenshots/", import.meta.url));

export async function launchBrowser(): Promise<Browser> {
  mkdirSync(SHOTS, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
}

/** Collects into `problems` every console error, uncaught page error and HTTP error answer of `page`. */
export function watchPage(page: Page, problems: string[]): void {
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("response", (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()} ${r.url()}`));
}
