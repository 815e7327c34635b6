/**
 * The lobby in a real headless Chromium (Debian's chromium via playwright-core) against the real
 * server serving web/dist: an account is registered, signed out and signed in again; the "Open
 * rooms" list (GET /api/rooms, polled) shows a room another client created and Join seats the
 * page; "Play alone vs bots" starts a SolRei match at once against a server bot; two signed-in
 * pages queue for ranked SolRei: the first sees its place and the queue's size (and can leave
 * and come back), then both are matched and taken to the same table; a quick match asked to fill
 * its empty seats with bots after a wait starts against a bot when nobody comes.
 */
import { Client, type Room } from "@colyseus/sdk";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { gameBindings } from "../../rooms/registry.ts";
import { buildWeb } from "../../web/build.mjs";
import { startTestServer, type TestServer } from "../support/testServer.ts";
import { haveChromium, launchBrowser, SHOTS, watchPage } from "./browser.ts";

interface PageGlobals {
  document: { documentElement: { scrollWidth: number } };
}

describe.skipIf(!haveChromium)("the lobby (Chromium)", () => {
  let t: TestServer;
  let browser: Browser;
  const problems: string[] = [];
  const run = Date.now().toString(36).slice(-5);

  beforeEach(() => {
    problems.length = 0;
  });
  beforeAll(async () => {
    await buildWeb({ quiet: true });
    t = await startTestServer({ bindings: gameBindings, env: { QUEUE_TICK_MS: "200", BOT_THINK_MIN_MS: "30", BOT_THINK_MAX_MS: "80" } });
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function open(width: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    watchPage(page, problems);
    await page.goto(`${t.url}/`);
    await page.getByTestId("game-solrei").waitFor({ timeout: 20_000 });
    return page;
  }

  async function fits(page: Page, width: number): Promise<void> {
    const scroll = await page.evaluate(() => (globalThis as unknown as PageGlobals).document.documentElement.scrollWidth);
    expect(scroll, `nothing wider than ${width} px`).toBeLessThanOrEqual(width);
  }

  async function registerOn(page: Page, username: string, password: string): Promise<void> {
    await page.getByTestId("account-username").fill(username);
    await page.getByTestId("account-password").fill(password);
    await page.getByTestId("account-register").click();
    await expect.poll(() => page.getByTestId("signed-in").textContent(), { timeout: 20_000 }).toBe(username);
    expect(await page.getByTestId("signed-in").getAttribute("data-guest")).toBe("false");
  }

  it("registers an account, signs out and signs in again; the lobby shows each game's rules and seats", async () => {
    const page = await open(360);
    expect(await page.getByTestId("game-achroma").getByTestId("seat-counts").textContent()).toBe("2–6 players");
    expect(await page.getByTestId("game-solrei").getByTestId("seat-counts").textContent()).toBe("2 players");
    expect((await page.getByTestId("game-react").locator(".summary").textContent())!.length).toBeGreaterThan(80);
    await fits(page, 360);
    await page.screenshot({ path: `${SHOTS}lobby-signin-360.png`, fullPage: true });
    const username = `ada_${run}`;
    await registerOn(page, username, "correct horse battery");
    await page.getByTestId("queue-join").waitFor(); // an account may queue for ranked
    await page.getByTestId("sign-out").click();
    await page.getByTestId("guest-signin").waitFor();
    // A wrong password is refused in words.
    await page.getByTestId("account-username").fill(username);
    await page.getByTestId("account-password").fill("wrong password!");
    await page.getByTestId("account-login").click();
    await page.getByTestId("signin-problem").waitFor();
    // The refused login's 401 (the response, and Chromium's "Failed to load resource" line) is expected.
    problems.splice(0, problems.length, ...problems.filter((p) => !/\b401\b/.test(p)));
    await page.getByTestId("account-password").fill("correct horse battery");
    await page.getByTestId("account-login").click();
    await expect.poll(() => page.getByTestId("signed-in").textContent(), { timeout: 20_000 }).toBe(username);
    await page.reload(); // the identity is kept
    await expect.poll(() => page.getByTestId("signed-in").textContent(), { timeout: 20_000 }).toBe(username);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);

  it("lists a room another client created, and Join seats the page in it", async () => {
    const { games } = (await (await fetch(`${t.url}/api/games`)).json()) as { games: { game: string; presets: Record<string, unknown> }[] };
    const presets = Object.values(games.find((g) => g.game === "solrei")!.presets);
    const other = new Client(t.wsUrl);
    const room: Room = await other.create("solrei", { config: {}, name: "Zed", seat: presets[0] });
    room.onMessage("*", () => {});
    const page = await open(1280);
    await page.getByTestId("guest-name").fill("Bo");
    await page.getByTestId("guest-signin").click();
    await page.getByTestId("signed-in").waitFor();
    const row = page.locator(`[data-testid="open-room"][data-room-id="${room.roomId}"]`);
    await row.waitFor({ timeout: 20_000 }); // the list is polled every 3 s
    // biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator's innerText(), the text as rendered, not a DOM property
    expect(await row.innerText()).toContain("Zed");
    await page.screenshot({ path: `${SHOTS}lobby-desktop.png`, fullPage: true });
    await row.getByTestId("join-room").click();
    const table = page.getByTestId("table");
    await expect.poll(() => table.getAttribute("data-status"), { timeout: 20_000 }).toBe("playing");
    expect(await page.getByTestId("room-id").textContent()).toBe(room.roomId);
    expect(await table.getAttribute("data-seat")).toBe("1");
    await page.getByTestId("board").waitFor();
    await room.leave(true).catch(() => {});
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);

  it("Play alone vs bots starts a SolRei match at once in one click (a guest made on the way), the other seat a bot", async () => {
    const page = await open(360);
    await page.getByTestId("game-solrei").getByTestId("solo").click(); // not signed in yet
    await page.getByTestId("signed-in").waitFor({ state: "detached" }); // the table replaced the lobby
    const table = page.getByTestId("table");
    await expect.poll(() => table.getAttribute("data-status"), { timeout: 20_000 }).toBe("playing");
    expect(await table.getAttribute("data-seat")).toBe("0");
    const bot = page.locator('[data-testid="seat"][data-bot]');
    expect(await bot.count()).toBe(1);
    expect(await bot.getByTestId("bot-tag").textContent()).toBe("bot (normal)"); // the level the lobby chose (its default), on the table
    await page.getByTestId("board").waitFor();
    await page.locator('[data-testid="decision"]:not([disabled])').first().waitFor({ timeout: 30_000 });
    expect(await page.locator('[data-testid="seat"][data-you]').textContent()).toMatch(/^[^~\s]/); // the guest's name, without the guest mark
    await fits(page, 360);
    await page.screenshot({ path: `${SHOTS}solo-360.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}solo-desktop.png`, fullPage: true });
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('Quick match with "bots fill empty seats after 15 s": nobody comes, so a bot takes the other seat', async () => {
    const page = await open(1280);
    await page.getByTestId("guest-signin").click();
    await page.getByTestId("signed-in").waitFor();
    const card = page.getByTestId("game-react");
    await card.getByTestId("bot-level").selectOption("easy");
    await card.getByTestId("fill-after").selectOption("15");
    await card.getByTestId("quick").click();
    const table = page.getByTestId("table");
    await expect.poll(() => table.getAttribute("data-status"), { timeout: 90_000 }).toBe("playing");
    const bot = page.locator('[data-testid="seat"][data-bot]');
    expect(await bot.count()).toBe(1);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 150_000);

  it("two signed-in pages queue for ranked SolRei: position and size shown, then matched to the same table", async () => {
    const a = await open(360);
    const b = await open(1280);
    await registerOn(a, `qa_${run}`, "queue password 1");
    await registerOn(b, `qb_${run}`, "queue password 2");

    await a.getByTestId("queue-game").selectOption("solrei");
    await a.getByTestId("queue-join").click();
    await expect.poll(() => a.getByTestId("queue-position").textContent(), { timeout: 20_000 }).toBe("1");
    expect(await a.getByTestId("queue-size").textContent()).toBe("1");
    expect(await a.getByTestId("queue-estimate").textContent()).toMatch(/No estimate yet|About/);
    await a.getByTestId("queue-waited").waitFor();
    await fits(a, 360);
    await a.screenshot({ path: `${SHOTS}queue-360.png`, fullPage: true });
    // Leave the queue, then come back.
    await a.getByTestId("queue-leave").click();
    await a.getByTestId("queue-join").waitFor({ timeout: 20_000 });
    await a.getByTestId("queue-join").click();
    await expect.poll(() => a.getByTestId("queue-size").textContent(), { timeout: 20_000 }).toBe("1");

    await b.getByTestId("queue-game").selectOption("solrei");
    await b.getByTestId("queue-join").click();
    for (const page of [a, b]) {
      await expect.poll(() => page.getByTestId("table").getAttribute("data-status"), { timeout: 30_000 }).toBe("playing");
    }
    const roomA = await a.getByTestId("room-id").textContent();
    expect(roomA).toBeTruthy();
    expect(await b.getByTestId("room-id").textContent()).toBe(roomA);
    const seats = [await a.getByTestId("table").getAttribute("data-seat"), await b.getByTestId("table").getAttribute("data-seat")].sort();
    expect(seats).toEqual(["0", "1"]);
    await b.screenshot({ path: `${SHOTS}ranked-table-desktop.png`, fullPage: true });
    expect(problems).toEqual([]);
    await a.context().close();
    await b.context().close();
  }, 180_000);
});
