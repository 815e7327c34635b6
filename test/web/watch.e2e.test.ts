/**
 * Watching a match in a real headless Chromium (Debian's chromium via playwright-core) against
 * the real server serving web/dist. A page creates a 4-seat Achroma match of server-side bots
 * from the lobby ("Seats for bots": all four) and is taken to `#/watch/<roomId>`; it follows the
 * match to its result (then steps through its stored replay). At every step the page shows, the test reads each seat's hand from the
 * room's engine state on the server and checks that no card element on the page carries one of
 * those card uids (data-uid): a spectator never sees a hand. A second page finds the match in the
 * lobby's "Matches to watch", opens it with Watch, and a reload joins again as a spectator.
 * A match not started yet and a room that does not exist are answered in words with a way back.
 */
import { matchMaker } from "@colyseus/core";
import { Client } from "@colyseus/sdk";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gameBindings } from "../../rooms/registry.ts";
import { buildWeb } from "../../web/build.mjs";
import { startTestServer, waitFor, type TestServer } from "../support/testServer.ts";
import { haveChromium, launchBrowser, SHOTS, watchPage } from "./browser.ts";

/** The page's globals, typed for what these tests read (the root tsconfig has no DOM lib). */
interface PageGlobals {
  document: {
    documentElement: { scrollWidth: number };
    querySelector(selector: string): { getAttribute(name: string): string | null } | null;
    querySelectorAll(selector: string): ArrayLike<{ getAttribute(name: string): string | null }>;
  };
}

describe.skipIf(!haveChromium)("watching a match (Chromium)", () => {
  let t: TestServer;
  let browser: Browser;
  const problems: string[] = [];

  beforeAll(async () => {
    await buildWeb({ quiet: true });
    t = await startTestServer({ bindings: gameBindings, env: { BOT_THINK_MIN_MS: "30", BOT_THINK_MAX_MS: "80", PROMPT_TIMEOUT_MS: "0" } });
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** Every card uid in a hand right now, read from the room's engine state, and the step it is at. */
  function handUids(roomId: string): { step: string; uids: Set<string> } {
    const room = matchMaker.getLocalRoomById(roomId) as unknown as { game?: { players?: { hand?: string[] }[] }; steps?: readonly unknown[] } | undefined;
    return { step: String(room?.steps?.length ?? -1), uids: new Set((room?.game?.players ?? []).flatMap((p) => p.hand ?? [])) };
  }

  async function fits(page: Page, width: number): Promise<void> {
    const scroll = await page.evaluate(() => (globalThis as unknown as PageGlobals).document.documentElement.scrollWidth);
    expect(scroll, `nothing wider than ${width} px`).toBeLessThanOrEqual(width);
  }

  it("a spectator follows a 4-bot Achroma match from the lobby to its result and never sees a hand card", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    watchPage(page, problems);
    await page.goto(`${t.url}/`);
    const card = page.getByTestId("game-achroma");
    await card.getByTestId("players").selectOption("4");
    await card.getByTestId("bots").selectOption("4");
    // Easy bots play the long games a spectator can follow step by step (normal ones often end it early).
    await card.getByTestId("bot-level").selectOption("easy");
    await card.getByTestId("create").click(); // no sign-in needed: nobody takes a seat
    await page.getByTestId("watching").waitFor({ timeout: 20_000 });
    const table = page.getByTestId("table");
    await table.waitFor({ timeout: 20_000 });
    expect(page.url()).toMatch(/#\/watch\//);
    const roomId = (await page.getByTestId("room-id").textContent())!;
    expect(await table.getAttribute("data-watching")).toBe("true");
    expect(await table.getAttribute("data-seat")).toBe("-1");

    // The second page: the lobby lists the match under "Matches to watch"; Watch opens it.
    const context2 = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page2 = await context2.newPage();
    watchPage(page2, problems);
    await page2.goto(`${t.url}/`);
    const listed = page2.locator(`[data-testid="live-match"][data-room-id="${roomId}"]`);
    await listed.waitFor({ timeout: 20_000 });
    // biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator's innerText(), the text as rendered, not a DOM property
    expect(await listed.innerText()).toMatch(/4 bots/);
    await fits(page2, 360);
    await page2.screenshot({ path: `${SHOTS}lobby-live-360.png`, fullPage: true });
    await listed.getByTestId("watch-room").click();
    await page2.getByTestId("achroma-board").waitFor({ timeout: 20_000 });
    expect(page2.url()).toContain(`#/watch/${roomId}`);
    await page2.reload(); // joins again as a spectator
    await page2.getByTestId("achroma-board").waitFor({ timeout: 20_000 });
    await page2.getByTestId("watching").waitFor();
    await expect.poll(() => page2.getByTestId("table").getAttribute("data-watching")).toBe("true");
    await fits(page2, 360);
    await page2.screenshot({ path: `${SHOTS}watch-360.png`, fullPage: true });

    let checks = 0;
    let compared = 0;
    let last = "";
    let shot = false;
    let mostCards = 0; // the check reads real card elements: public cards carry data-uid too
    for (;;) {
      const next = await page.waitForFunction(
        (prev) => {
          const doc = (globalThis as unknown as PageGlobals).document;
          if (doc.querySelector('[data-testid="result"]')) return "done";
          const step = doc.querySelector('[data-testid="table"]')?.getAttribute("data-step") ?? "";
          return step !== prev ? step : false;
        },
        last,
        { timeout: 120_000, polling: 16 },
      );
      const seen = (await next.jsonValue()) as string;
      // Hands before and after reading the page: a uid in both was in a hand while the page was read.
      // Compared only while the page shows the server's own step: a page one patch behind shows
      // the table as it was, where a card since taken back into a hand was still public.
      const before = handUids(roomId);
      const { step: pageStep, shown } = await page.evaluate(() => {
        const doc = (globalThis as unknown as PageGlobals).document;
        return {
          step: doc.querySelector('[data-testid="table"]')?.getAttribute("data-step") ?? "",
          shown: Array.from(doc.querySelectorAll("[data-uid]"), (e) => e.getAttribute("data-uid") ?? ""),
        };
      });
      const after = handUids(roomId);
      mostCards = Math.max(mostCards, shown.length);
      if (before.step === pageStep && after.step === pageStep) {
        compared++;
        const leaked = shown.filter((uid) => uid && before.uids.has(uid) && after.uids.has(uid));
        expect(leaked, `hand cards on the spectator's page at step ${pageStep}`).toEqual([]);
      }
      expect(await page.getByTestId("decision").count()).toBe(0);
      checks++;
      if (!shot && checks === 40) {
        shot = true;
        await page.screenshot({ path: `${SHOTS}watch-desktop.png`, fullPage: true });
      }
      if (seen === "done") break;
      last = seen;
    }
    expect(checks).toBeGreaterThan(20);
    expect(compared, "steps at which the page and the server agreed while it was read").toBeGreaterThan(10);
    process.stderr.write(`[watch] ${checks} steps seen, ${compared} compared with the hands\n`);
    expect(mostCards).toBeGreaterThan(0);
    const result = page.getByTestId("result");
    await expect.poll(() => result.textContent()).toContain("Match over");
    expect(await page.getByTestId("events").locator("li").count()).toBeGreaterThan(0);
    expect(await page.getByTestId("seat").count()).toBe(4);
    expect(await page.locator('[data-testid="seat"][data-bot]').count()).toBe(4);
    await page.screenshot({ path: `${SHOTS}watch-result-desktop.png`, fullPage: true });
    await page2.getByTestId("result").waitFor({ timeout: 30_000 });
    await page2.screenshot({ path: `${SHOTS}watch-result-360.png`, fullPage: true });

    // The replay viewer steps through that very match once stored (the only match of this server).
    const matchId = await waitFor(
      async () => ((await (await fetch(`${t.url}/api/matches?game=achroma&limit=1`)).json()) as { items: { id: string }[] }).items[0]?.id,
      "the watched match to be stored",
      30_000,
    );
    await page.goto(`${t.url}/#/replay/${matchId}`);
    const loaded = (step: number) => page.locator(`[data-testid="replay"][data-step="${step}"][data-loading="false"]`).waitFor({ timeout: 20_000 });
    await loaded(0);
    for (let step = 1; step <= 3; step++) {
      await page.getByTestId("forward").click();
      await loaded(step);
    }
    await page.getByTestId("back").click();
    await loaded(2);
    expect(await page.getByTestId("step-number").textContent()).toMatch(/^2 \/ \d+$/);
    expect(await page.locator('[data-testid="hand-card"]').count()).toBe(0); // a spectator's replay shows no hand
    await page.getByTestId("last").click();
    await page.getByTestId("result").waitFor({ timeout: 20_000 });
    expect(problems).toEqual([]);
    await context.close();
    await context2.close();
  }, 300_000);

  it("a match not started yet, and a room that is gone, are said in words, with a way back to the lobby", async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const { games } = (await (await fetch(`${t.url}/api/games`)).json()) as { games: { game: string; presets: Record<string, unknown> }[] };
    const waiting = await new Client(t.wsUrl).create("solrei", { config: {}, name: "Early", seat: Object.values(games.find((g) => g.game === "solrei")!.presets)[0] });
    waiting.onMessage("*", () => {});
    await page.goto(`${t.url}/#/watch/${waiting.roomId}`);
    await expect.poll(() => page.getByTestId("problem").textContent(), { timeout: 20_000 }).toMatch(/has not started yet/);
    await page.screenshot({ path: `${SHOTS}watch-not-started-360.png`, fullPage: true });
    await waiting.leave(true).catch(() => {});
    await page.goto(`${t.url}/#/watch/no-such-room`);
    await page.reload();
    await expect.poll(() => page.getByTestId("problem").textContent(), { timeout: 20_000 }).toMatch(/over or gone|Could not watch/);
    await page.getByTestId("back").click();
    await page.getByTestId("game-achroma").waitFor();
    await context.close();
  }, 60_000);
});
