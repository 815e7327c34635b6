/**
 * What the web client's Chromium tests share: Debian's chromium (no browser download), launched
 * headless by playwright-core; a page watcher that collects console errors, page errors and
 * failed requests; the screenshots folder (gitignored). Without a browser the tests are skipped
 * with a warning, unless REQUIRE_BROWSER is set (CI), where that is a failure.
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";

const ENABLED_DECISION = '[data-testid="decision"]:not([disabled])';

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

/**
 * Plays like a person at the table: waits until the page offers decisions, clicks one of the
 * enabled ones at random (confirming it when the page asks), and again, until the result shows. `afterClick(clicks)` runs after each
 * click (e.g. a reload mid-match). Returns the number of clicks.
 */
export async function clickUntilResult(page: Page, afterClick?: (clicks: number) => Promise<void>): Promise<number> {
  let clicks = 0;
  for (;;) {
    // One look at the page says what comes next: the result, a decision to confirm, or decisions.
    const next = await page.waitForFunction(
      (selector) => {
        const doc = (globalThis as unknown as { document: { querySelector(s: string): unknown; querySelectorAll(s: string): { length: number } } }).document;
        if (doc.querySelector('[data-testid="result"]')) return "done";
        if (doc.querySelector('[data-testid="confirm"]')) return "confirm";
        const n = doc.querySelectorAll(selector).length;
        return n > 0 ? String(n) : false;
      },
      ENABLED_DECISION,
      { timeout: 120_000 },
    );
    const seen = (await next.jsonValue()) as string;
    if (seen === "done") return clicks;
    try {
      if (seen === "confirm") {
        // A decision the engine marks asks to confirm first (web/src/picking.tsx): say yes.
        await page.getByTestId("confirm-yes").click({ timeout: 5_000 });
        continue;
      }
      await page
        .locator(ENABLED_DECISION)
        .nth(Math.floor(Math.random() * Number(seen)))
        .click({ timeout: 5_000 });
      clicks++;
    } catch {
      continue; // the state moved on between looking and clicking: look again
    }
    await afterClick?.(clicks);
  }
}

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's serious and critical WCAG 2.x A/AA violations on the page as it is now. */
export async function axeProblems(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in globalThis))) await page.addScriptTag({ content: AXE });
  const found = (await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(o: unknown): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const r = await axe.run({ runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
  })) as { id: string; impact: string; nodes: string[] }[];
  return found.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${where}: ${v.impact} ${v.id} at ${v.nodes.join(", ")}`);
}
