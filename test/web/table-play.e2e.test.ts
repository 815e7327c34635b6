/**
 * Acting on the table itself, in a real headless Chromium, for every game: a guest plays
 * a whole match alone against the server's bots at 1280x800, clicking the highlighted cards,
 * slots, cells or players wherever a decision involves one (a menu beside it when several do; a
 * confirm dialog when the engine marks one), the decision list only when nothing on the board is
 * involved. Measured and reported: the page height of each 2-player table at 1280x800, and that
 * the decisions and the hand start in the first viewport. axe-core finds no serious or critical
 * WCAG 2.1 AA violation on the lobby, each table, the history and the replay. Screenshots at 1280 and 360 px
 * go to test/web/screenshots/ (and docs/screenshots/ with UPDATE_SCREENSHOTS=1).
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
// Only what is on screen: an involved card may sit in a closed fold (e.g. Achroma's Dregs).
const INVOLVED = '[data-testid="board-area"] [data-involved]:visible';

type Doc = {
  querySelector(s: string): { getBoundingClientRect(): { top: number; bottom: number } } | null;
  querySelectorAll(s: string): { length: number };
  documentElement: { scrollHeight: number; scrollWidth: number };
};

/** Text under 12 px on the page (visible elements with their own text). */
async function smallTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const g = globalThis as unknown as {
      document: { body: unknown; createTreeWalker(root: unknown, what: number): { nextNode(): { parentElement: unknown; textContent: string } | null } };
      getComputedStyle(e: unknown): { fontSize: string; display: string; visibility: string };
    };
    const out: string[] = [];
    const walk = g.document.createTreeWalker(g.document.body, 4);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const text = n.textContent.trim();
      const el = n.parentElement as { getClientRects(): { length: number } } | null;
      if (!text || !el || el.getClientRects().length === 0) continue;
      const size = parseFloat(g.getComputedStyle(el).fontSize);
      if (size < 12) out.push(`${size}px "${text.slice(0, 30)}"`);
    }
    return out;
  });
}

describe.skipIf(!haveChromium)("acting on the table: every game played by clicking cards (Chromium)", () => {
  let t: TestServer;
  let browser: Browser;
  const heights: Record<string, number> = {};

  beforeAll(async () => {
    await buildWeb({ quiet: true });
    t = await startTestServer({ bindings: gameBindings, env: { PROMPT_TIMEOUT_MS: "0", BOT_THINK_MIN_MS: "20", BOT_THINK_MAX_MS: "60" } });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    console.log(`page height of each 2-player table at 1280x800: ${JSON.stringify(heights)}`);
    await browser?.close();
    await t?.close();
  });

  it.each(gameBindings.map((b) => b.engine.game))(
    "%s: a guest plays a whole match by clicking the cards and targets the decisions involve",
    async (game) => {
      const problems: string[] = [];
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      watchPage(page, problems);
      await page.goto(`${t.url}/`);
      await page.getByTestId("guest-name").fill("Solo");
      await page.getByTestId("guest-signin").click();
      await page.getByTestId("signed-in").waitFor();
      const a11y = await axeProblems(page, "lobby");
      await page.getByTestId(`game-${game}`).getByTestId("solo").click();
      const table = page.getByTestId("table");
      await expect.poll(() => table.getAttribute("data-status"), { timeout: 30_000 }).toBe("playing");
      await page.getByTestId("board-area").waitFor();

      let onBoard = 0;
      let fromList = 0;
      let menus = 0;
      let confirms = 0;
      let measured = false;
      let failed = 0;
      for (;;) {
        const next = await page.waitForFunction(
          (sel) => {
            const d = (globalThis as unknown as { document: { querySelector(s: string): unknown; querySelectorAll(s: string): { length: number } } }).document;
            if (d.querySelector('[data-testid="result"]')) return "done";
            // What the previous click opened is answered first: the page renders it on the click.
            if (d.querySelector('[data-testid="confirm"]')) return "confirm";
            if (d.querySelector('[data-testid="pick-menu"]')) return "menu";
            return d.querySelectorAll(sel).length > 0 ? "act" : false;
          },
          DECISION,
          { timeout: 120_000 },
        );
        const seen = (await next.jsonValue()) as string;
        if (seen === "done") break;
        if (!measured) {
          measured = true;
          // The first decision: the page's height, and the decisions and hand in the first viewport.
          const m = await page.evaluate(() => {
            const d = (globalThis as unknown as { document: Doc }).document;
            const top = (s: string) => d.querySelector(s)?.getBoundingClientRect().top ?? -1;
            return {
              height: d.documentElement.scrollHeight,
              board: (d.querySelector('[data-testid="board-area"]') as unknown as { scrollHeight: number }).scrollHeight,
              decisions: top('[data-testid="decision"]'),
              hand: top('[data-testid="achroma-hand"], [data-testid="react-hand"], [data-testid="resonance-hand"], .solrei-hand'),
            };
          });
          // Something the decisions involve is in sight in the board (it scrolls to one when none is).
          const sight = await page.evaluate(() => {
            type El = { getBoundingClientRect(): { top: number; bottom: number }; getClientRects(): { length: number } };
            const d = (globalThis as unknown as { document: { querySelector(s: string): El | null; querySelectorAll(s: string): ArrayLike<El> } }).document;
            const board = d.querySelector('[data-testid="board-area"]')!.getBoundingClientRect();
            const marked = Array.from(d.querySelectorAll('[data-testid="board-area"] [data-involved]')).filter((n) => n.getClientRects().length > 0);
            const seen = marked.filter((n) => {
              const r = n.getBoundingClientRect() as { top: number; bottom: number; left: number };
              const top = Math.max(r.top, board.top) + 4;
              const bottom = Math.min(r.bottom, board.bottom) - 4;
              if (bottom <= top) return false;
              const hit = (d as unknown as { elementFromPoint(x: number, y: number): unknown }).elementFromPoint(r.left + 8, (top + bottom) / 2);
              return !!hit && (n as unknown as { contains(x: unknown): boolean }).contains(hit);
            });
            return { marked: marked.length, seen: seen.length };
          });
          console.log(`${game}: involved in sight at the first decision: ${JSON.stringify(sight)}`);
          if (sight.marked > 0) expect(sight.seen, `involved things in sight: ${JSON.stringify(sight)}`).toBeGreaterThan(0);
          // Else the board shows your own area: your hand starts in the first viewport.
          else expect(m.hand, "your hand starts in the first viewport").toBeLessThan(800);
          heights[game] = m.height;
          heights[`${game} (board inside)`] = m.board;
          expect(m.decisions).toBeGreaterThanOrEqual(0);
          expect(m.decisions).toBeLessThan(800);
          // The page itself fits the screen (the board scrolls inside it).
          expect(m.height).toBeLessThanOrEqual(810);
          a11y.push(...(await axeProblems(page, `${game} table`)));
          const small = await smallTexts(page);
          expect(small.slice(0, 5), "no text under 12 px on the table").toEqual([]);
          await page.screenshot({ path: `${SHOTS}${game}-table-1280.png` });
          if (process.env.UPDATE_SCREENSHOTS) await page.screenshot({ path: `${DOCS_SHOTS}table-${game}.png` });
          // The same moment on a phone (test/web/table-phone.e2e.test.ts checks that layout).
          await page.setViewportSize({ width: 360, height: 740 });
          await page.screenshot({ path: `${SHOTS}${game}-table-360.png` });
          await page.setViewportSize({ width: 1280, height: 800 });
        }
        try {
          if (seen === "confirm") {
            confirms++;
            await page.getByTestId("confirm-yes").click({ timeout: 5_000 });
            continue;
          }
          if (seen === "menu") {
            menus++;
            const options = page.getByTestId("pick-menu").getByTestId("pick-option");
            const n = await options.count();
            await options.nth(Math.floor(Math.random() * n)).click({ timeout: 5_000 });
            continue;
          }
          const involved = await page.locator(INVOLVED).count();
          if (involved > 0) {
            await page
              .locator(INVOLVED)
              .nth(Math.floor(Math.random() * involved))
              .click({ timeout: 5_000, position: { x: 4, y: 4 } });
            onBoard++;
          } else {
            const n = await page.locator(DECISION).count();
            await page
              .locator(DECISION)
              .nth(Math.floor(Math.random() * n))
              .click({ timeout: 5_000 });
            fromList++;
          }
          failed = 0;
        } catch {
          // The state moved on between looking and clicking: look again (the list after 3 misses).
          if (++failed >= 3) {
            failed = 0;
            await page
              .locator(DECISION)
              .first()
              .click({ timeout: 5_000 })
              .then(
                () => fromList++,
                () => undefined,
              );
          }
        }
      }
      console.log(`${game}: ${onBoard} decisions made on the board (${menus} through a menu, ${confirms} confirmed), ${fromList} from the list`);
      expect(onBoard).toBeGreaterThanOrEqual(1);
      await expect.poll(() => page.getByTestId("result").textContent()).toMatch(/won|lost|tie|draw/i);
      await page.setViewportSize({ width: 360, height: 740 });
      expect(await page.evaluate(() => (globalThis as unknown as { document: Doc }).document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await page.screenshot({ path: `${SHOTS}${game}-result-360.png` });
      await page.goto(`${t.url}/#/history`);
      await page.getByTestId("match-row").first().waitFor();
      a11y.push(...(await axeProblems(page, "history")));
      // The replay of that match, drawn with the same board, at its last step.
      await page.getByTestId("match-row").first().getByTestId("replay-link").click();
      await expect.poll(() => page.getByTestId("replay").getAttribute("data-loading"), { timeout: 60_000 }).toBe("false");
      await page.getByTestId("replay-view").waitFor();
      a11y.push(...(await axeProblems(page, `${game} replay`)));
      expect(a11y).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    },
    600_000,
  );
});
