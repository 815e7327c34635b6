/**
 * One full match of each game played by a person through the page, against the server's `normal` bots
 * (web client issue: "one test per game that a human-like script plays a full match against
 * bots through the page"). In a real headless Chromium: sign in as a guest, "Play alone" from
 * the game's lobby card, then click a decision like a person would (any of the enabled ones,
 * one at a time, waiting for the page to offer the next) until the result shows. The board draws
 * the game, nothing is refused, no console error; screenshots of each board at 360 and 1280 px.
 * README screenshots: `UPDATE_SCREENSHOTS=1` also writes docs/screenshots/<game>-table.png.
 */
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { botWorkerEntry, gameBindings } from "../../rooms/registry.ts";
import { buildWeb } from "../../web/build.mjs";
import { startTestServer, type TestServer } from "../support/testServer.ts";
import { clickUntilResult, haveChromium, launchBrowser, SHOTS, watchPage } from "./browser.ts";

const DOCS_SHOTS = fileURLToPath(new URL("../../docs/screenshots/", import.meta.url));

/** The page's document, typed for what this test reads (the root tsconfig has no DOM lib). */
interface PageDocument {
  querySelector(selector: string): unknown;
  querySelectorAll(selector: string): { length: number };
  documentElement: { scrollWidth: number };
}

describe.skipIf(!haveChromium)("every game, played through the page against bots (Chromium)", () => {
  let t: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    await buildWeb({ quiet: true }); // only when web/dist is missing or older than web/src
    // The lobby's "Play alone vs bots" asks for `normal` bots: their decisions come from the worker pool.
    t = await startTestServer({ bindings: gameBindings, env: { PROMPT_TIMEOUT_MS: "0", BOT_THINK_MIN_MS: "20", BOT_THINK_MAX_MS: "60", BOT_WORKERS: "1" }, botWorker: botWorkerEntry });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it.each(gameBindings.map((b) => b.engine.game))(
    "%s: a guest plays a whole match alone against the server's bots and sees the result",
    async (game) => {
      const problems: string[] = [];
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      watchPage(page, problems);
      await page.goto(`${t.url}/`);
      await page.getByTestId("guest-name").fill("Solo");
      await page.getByTestId("guest-signin").click();
      await page.getByTestId("signed-in").waitFor();
      await page.getByTestId(`game-${game}`).getByTestId("solo").click();

      const table = page.getByTestId("table");
      await expect.poll(() => table.getAttribute("data-status"), { timeout: 30_000 }).toBe("playing");
      // The game's own board, with cards named from the catalog.
      await page.getByTestId("board-area").waitFor();
      const clicks = await clickUntilResult(page);
      // At least one decision made by clicking (a random player can lose fast: Achroma's bank can hit 0 in a move).
      expect(clicks).toBeGreaterThanOrEqual(1);
      await expect.poll(() => page.getByTestId("result").textContent()).toMatch(/won|lost|tie|draw/i);
      // At least one other seat was a bot, of the lobby's default level.
      expect(await page.locator('[data-testid="seat"]').allTextContents()).toContainEqual(expect.stringMatching(/bot/i));
      const storedBotLevels = async () => {
        const matches = (await (await fetch(`${t.url}/api/matches?game=${game}&limit=1`)).json()) as { items: { players: { kind?: string; botLevel?: string }[] }[] };
        return matches.items[0]?.players.filter((p) => p.kind === "bot").map((p) => p.botLevel) ?? [];
      };
      await expect.poll(storedBotLevels, { timeout: 30_000 }).toContain("normal");
      expect(await page.evaluate(() => (globalThis as unknown as { document: PageDocument }).document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await page.screenshot({ path: `${SHOTS}${game}-result-360.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: `${SHOTS}${game}-result-desktop.png`, fullPage: true });
      if (process.env.UPDATE_SCREENSHOTS) await page.screenshot({ path: `${DOCS_SHOTS}${game}-table.png` });
      expect(problems).toEqual([]);
      await context.close();
    },
    600_000,
  );
});
