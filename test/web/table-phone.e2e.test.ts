/**
 * The table on a phone (360x740), in Chromium, for every game: a guest plays alone against the
 * server's bots, and on the first screen of the live table (no scrolling) the decision bar is in
 * sight and the player's own hand starts above it, not below the opponents' areas. Then the guest
 * decides until a bot has decided: its decision reads in words inside that bot's area (the same
 * words as its line in the log). Screenshots at 360 px go to test/web/screenshots/ (and to
 * docs/screenshots/ with UPDATE_SCREENSHOTS=1).
 */
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gameBindings } from "../../rooms/registry.ts";
import { buildWeb } from "../../web/build.mjs";
import { startTestServer, type TestServer } from "../support/testServer.ts";
import { axeProblems, haveChromium, launchBrowser, SHOTS, watchPage } from "./browser.ts";

const DOCS_SHOTS = fileURLToPath(new URL("../../docs/screenshots/", import.meta.url));
const DECISION = '[data-testid="decision"]:not([disabled])';
/** The viewer's own hand on each board. */
const HAND = '[data-testid="achroma-hand"], [data-testid="react-hand"], [data-testid="resonance-hand"], .solrei-mine .solrei-hand';
const WIDTH = 360;
const HEIGHT = 740;

type Box = { top: number; bottom: number };

/** One decision from the list when the page offers one (saying yes when it asks to confirm). */
async function decideOnce(page: Page): Promise<void> {
  const asked = page.getByTestId("confirm");
  if (await asked.isVisible())
    return void (await asked
      .getByTestId("confirm-yes")
      .click({ timeout: 5_000 })
      .catch(() => undefined));
  await page
    .locator(DECISION)
    .first()
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await page.waitForTimeout(150);
}

describe.skipIf(!haveChromium)("the table at 360 px: own hand and decisions on the first screen (Chromium)", () => {
  let t: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    await buildWeb({ quiet: true });
    t = await startTestServer({ bindings: gameBindings, env: { PROMPT_TIMEOUT_MS: "0", BOT_THINK_MIN_MS: "300", BOT_THINK_MAX_MS: "400" } });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it.each(gameBindings.map((b) => b.engine.game))(
    "%s: the own hand and the decision bar start in the first 360x740 screen; a bot's decision reads in its area",
    async (game) => {
      const problems: string[] = [];
      const context = await browser.newContext({ viewport: { width: WIDTH, height: HEIGHT }, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      watchPage(page, problems);
      await page.goto(`${t.url}/`);
      await page.getByTestId("guest-name").fill("Solo");
      await page.getByTestId("guest-signin").click();
      await page.getByTestId("signed-in").waitFor();
      await page.getByTestId(`game-${game}`).getByTestId("solo").click();
      await expect.poll(() => page.getByTestId("table").getAttribute("data-status"), { timeout: 30_000 }).toBe("playing");
      await page.locator(DECISION).first().waitFor({ timeout: 60_000 });
      const measure = async () => {
        await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
        return page.evaluate((handSel) => {
          type El = { getBoundingClientRect(): Box; querySelectorAll(s: string): { length: number } };
          const d = (globalThis as unknown as { document: { querySelector(s: string): El | null; documentElement: { scrollWidth: number } } }).document;
          const hand = d.querySelector(handSel);
          const decision = d.querySelector('[data-testid="decision"]');
          return {
            hand: hand ? hand.getBoundingClientRect() : null,
            cards: hand ? hand.querySelectorAll("[data-ref], [data-testid=card], .solrei-card, .achroma-card").length : 0,
            bar: d.querySelector('[data-testid="decision-bar"]')!.getBoundingClientRect(),
            decision: decision ? decision.getBoundingClientRect() : null,
            width: d.documentElement.scrollWidth,
          };
        }, HAND);
      };
      // On load: the decision bar and its first decision are on the first screen.
      const load = await measure();
      await page.screenshot({ path: `${SHOTS}${game}-phone-load-360.png` });
      expect(load.width, "nothing wider than the screen").toBeLessThanOrEqual(WIDTH);
      expect(load.bar.top).toBeGreaterThanOrEqual(0);
      expect(load.decision!.bottom).toBeLessThanOrEqual(HEIGHT);
      // Once the own hand has cards (some games start with a choice before the deal, Resonance
      // with its draft), it starts on the first screen, above the decision bar.
      let now = load;
      for (let i = 0; i < 40 && now.cards === 0; i++) {
        await decideOnce(page);
        now = await measure();
      }
      console.log(`${game} at 360x740: ${JSON.stringify({ hand: now.hand?.top, cards: now.cards, bar: now.bar.top, decision: now.decision?.top })}`);
      await page.screenshot({ path: `${SHOTS}${game}-phone-360.png` });
      if (process.env.UPDATE_SCREENSHOTS) await page.screenshot({ path: `${DOCS_SHOTS}table-${game}-360.png` });
      expect(now.cards, "the own hand has cards").toBeGreaterThan(0);
      expect(now.hand!.top, "the own hand starts above the decision bar").toBeLessThan(now.bar.top - 20);
      expect(now.hand!.top).toBeGreaterThanOrEqual(0);
      expect(now.width, "nothing wider than the screen").toBeLessThanOrEqual(WIDTH);
      const a11y = await axeProblems(page, `${game} table at 360 px`);

      // Decide until a bot has decided: its words show inside its own area.
      const mine = Number(await page.getByTestId("table").getAttribute("data-seat"));
      let seen: { seat: number; text: string } | null = null;
      for (let i = 0; i < 60 && !seen; i++) {
        const said = page.locator('[data-area] > [data-testid="seat-said"]');
        if ((await said.count()) > 0) {
          const area = said.first().locator("xpath=..");
          seen = { seat: Number(await area.getAttribute("data-area")), text: (await said.first().textContent()) ?? "" };
          await area.scrollIntoViewIfNeeded().catch(() => undefined);
          await page.screenshot({ path: `${SHOTS}${game}-phone-said-360.png` });
          a11y.push(...(await axeProblems(page, `${game} table at 360 px, a bot's words showing`)));
          break;
        }
        if (await page.getByTestId("result").isVisible()) break;
        await decideOnce(page);
        await page
          .locator('[data-area] > [data-testid="seat-said"]')
          .first()
          .waitFor({ timeout: 1_500 })
          .catch(() => undefined);
      }
      expect(seen, "a bot's decision in words in its area").not.toBeNull();
      expect(seen!.seat).not.toBe(mine);
      expect(seen!.text.length).toBeGreaterThan(2);
      // The same words as the bot's line in the log ("Bot 2: <words>").
      const log = (await page.getByTestId("log").textContent()) ?? "";
      expect(log).toContain(seen!.text);
      expect(a11y, "axe-core: no serious or critical WCAG 2.1 AA violation").toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    },
    180_000,
  );
});
