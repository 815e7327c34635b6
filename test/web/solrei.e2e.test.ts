/**
 * The web client in a real headless Chromium (Debian's /usr/bin/chromium, driven by
 * playwright-core; no browser download), against the real server serving web/dist:
 * a guest signs in, creates a SolRei room, a bot joins it over @colyseus/sdk, and the test
 * clicks the page's decision buttons until the match ends; a reload mid-match keeps the seat.
 * Screenshots go to test/web/screenshots/ (gitignored).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { gameBindings } from "../../rooms/registry.ts";
import { buildWeb } from "../../web/build.mjs";
import { joinBot, type BotPlayer } from "../support/botClient.ts";
import { startTestServer, type TestServer } from "../support/testServer.ts";
import { clickUntilResult, haveChromium, launchBrowser, SHOTS, watchPage } from "./browser.ts";

/** The page's document, typed for what these tests read (the root tsconfig has no DOM lib). */
interface PageDocument {
  querySelector(selector: string): unknown;
  querySelectorAll(selector: string): { length: number };
  documentElement: { scrollWidth: number };
}

describe.skipIf(!haveChromium)("web client (Chromium)", () => {
  let t: TestServer;
  let browser: Browser;
  const problems: string[] = [];

  beforeEach(() => {
    problems.length = 0; // each test answers for its own pages
  });
  beforeAll(async () => {
    await buildWeb({ quiet: true }); // only when web/dist is missing or older than web/src
    t = await startTestServer({ bindings: gameBindings });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const watch = (page: Page) => watchPage(page, problems);

  it("serves the page, its hashed assets and client routes, and never shadows the API", async () => {
    const index = await fetch(`${t.url}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get("cache-control")).toBe("no-cache");
    const html = await index.text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const js = await fetch(`${t.url}${asset}`);
    expect(js.status).toBe(200);
    expect(js.headers.get("cache-control")).toContain("immutable");
    expect((await fetch(`${t.url}/some/client/route`)).headers.get("content-type")).toContain("text/html");
    expect((await fetch(`${t.url}/assets/missing-123.js`)).status).toBe(404);
    const api = await fetch(`${t.url}/api/nothing-here`);
    expect(api.status).toBe(404);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe("not_found");
    expect((await fetch(`${t.url}/health`)).headers.get("content-type")).toContain("application/json");
  });

  it("quick match opens a room that a second browser joins by its id from the lobby", async () => {
    const seated: Page[] = [];
    for (const [name, how] of [
      ["Bea", "quick"],
      ["Cy", "join"],
    ] as const) {
      const context = await browser.newContext({ viewport: { width: 1024, height: 800 } });
      const page = await context.newPage();
      watch(page);
      await page.goto(`${t.url}/`);
      await page.getByTestId("guest-name").fill(name);
      await page.getByTestId("guest-signin").click();
      await page.getByTestId("signed-in").waitFor();
      const card = page.getByTestId("game-react");
      if (how === "join") {
        await card.getByTestId("preset").selectOption({ index: 1 }); // Re;ACT: the two Artists differ
        await card.getByTestId("join-id").fill((await seated[0]!.getByTestId("room-id").textContent())!);
        await card.getByTestId("join").click();
      } else {
        await card.getByTestId("quick").click();
        await page.getByTestId("waiting").waitFor();
      }
      seated.push(page);
    }
    for (const page of seated) {
      await expect.poll(() => page.getByTestId("table").getAttribute("data-status"), { timeout: 20_000 }).toBe("playing");
    }
    expect(await seated[0]!.getByTestId("table").getAttribute("data-seat")).toBe("0");
    expect(await seated[1]!.getByTestId("table").getAttribute("data-seat")).toBe("1");
    expect(await seated[1]!.locator('[data-testid="seat"][data-you]').textContent()).toContain("Cy");
    await seated[1]!.getByRole("button", { name: "Leave" }).click();
    await seated[1]!.getByTestId("game-react").waitFor();
    await expect.poll(() => seated[0]!.locator('[data-testid="seat"]').nth(1).textContent(), { timeout: 40_000 }).toContain("disconnected");
    for (const page of seated) await page.context().close();
    expect(problems).toEqual([]);
  }, 120_000);

  it("a guest creates a SolRei room, plays it to the end against a bot by clicking, and a reload keeps the seat", async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    watch(page);
    await page.goto(`${t.url}/`);
    await page.getByTestId("guest-name").fill("Ada");
    await page.getByTestId("guest-signin").click();
    await expect.poll(() => page.getByTestId("signed-in").textContent()).toBe("~Ada");
    await page.getByTestId("game-solrei").waitFor();
    // Usable at 360 px: nothing wider than the screen.
    expect(await page.evaluate(() => (globalThis as unknown as { document: PageDocument }).document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: `${SHOTS}lobby-360.png`, fullPage: true });

    await page.getByTestId("game-solrei").getByTestId("create").click();
    await page.locator('[data-testid="room-id"], .problem').first().waitFor();
    const refused = await page.locator(".problem").allTextContents();
    expect(refused, "the page shows no error after Create").toEqual([]);
    const roomId = (await page.getByTestId("room-id").textContent())!;
    expect(roomId).toMatch(/\S+/);
    await page.getByTestId("waiting").waitFor();

    const { games } = (await (await fetch(`${t.url}/api/games`)).json()) as { games: { game: string; presets: Record<string, unknown> }[] };
    const presets = Object.values(games.find((g) => g.game === "solrei")!.presets);
    const bot: BotPlayer = await joinBot(t.wsUrl, "solrei", { name: "Bot", seat: presets[1] }, { seed: "web-e2e" }, roomId);
    const botFinished = bot.untilFinished();

    const table = page.getByTestId("table");
    await expect.poll(() => table.getAttribute("data-status"), { timeout: 20_000 }).toBe("playing");
    const mySeat = await table.getAttribute("data-seat");
    expect(mySeat).toBe("0");

    // Reload early in the match: random clicking can end a Show in under 15 decisions (seen once in CI).
    let reloaded = false;
    const clicks = await clickUntilResult(page, async (n) => {
      if (n !== 4 || reloaded) return;
      reloaded = true;
      await page.screenshot({ path: `${SHOTS}table-360.png`, fullPage: true });
      await page.reload();
      await expect.poll(() => page.getByTestId("table").getAttribute("data-seat"), { timeout: 20_000 }).toBe(mySeat);
      await expect.poll(() => page.locator('[data-testid="seat"][data-you]').textContent()).toContain("Ada");
      // The board is drawn again for this seat (its hand may be empty at this moment: no card is awaited).
      await page.locator(`[data-testid="board"][data-me="${mySeat}"]`).waitFor({ timeout: 20_000 });
    });
    expect(reloaded).toBe(true);
    const result = page.getByTestId("result");
    await expect.poll(() => result.textContent()).toMatch(/You won|You lost|A tie/);
    // The event log speaks the catalog's words, not event type ids.
    const catalog = (await (await fetch(`${t.url}/api/games/solrei/catalog`)).json()) as { sections: { event: Record<string, { name: string }> } };
    const eventNames = Object.values(catalog.sections.event).map((e) => e.name);
    const lines = await page.getByTestId("events").locator("li").allTextContents();
    expect(lines.length).toBeGreaterThan(0);
    expect(
      lines.some((line) => eventNames.some((name) => line.includes(name))),
      lines.join("\n"),
    ).toBe(true);
    const finished = await botFinished;
    expect(finished.outcome.ranks).toHaveLength(2);
    // The page joined with the guest's bearer token: the stored match is in that guest's history.
    const playerId = await page.evaluate(
      () =>
        (JSON.parse((globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem("tabletop.identity") ?? "{}") as { player?: { id?: string } }).player?.id,
    );
    expect(playerId).toBeTruthy();
    await expect
      .poll(async () => ((await (await fetch(`${t.url}/api/matches?player=${playerId}`)).json()) as { items: { matchId?: string; id?: string }[] }).items.length, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(1);
    await page.screenshot({ path: `${SHOTS}result-360.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}result-desktop.png`, fullPage: true });
    expect(clicks).toBeGreaterThan(4);
    expect(problems).toEqual([]);
    await context.close();
  }, 420_000);
});
