/**
 * Rematch in a real headless Chromium: two guests play a Re;ACT match to the end by clicking,
 * both accept the rematch, both pages move to the next table with the same seats, the second
 * match is played too, and each guest's history lists both matches. The seat's stops are shown
 * and set from the decision bar.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gameBindings } from "../../rooms/registry.ts";
import { buildWeb } from "../../web/build.mjs";
import { startTestServer, type TestServer } from "../support/testServer.ts";
import { clickUntilResult, haveChromium, launchBrowser, SHOTS, watchPage } from "./browser.ts";

describe.skipIf(!haveChromium)("rematch (Chromium)", () => {
  let t: TestServer;
  let browser: Browser;
  const problems: string[] = [];

  beforeAll(async () => {
    await buildWeb({ quiet: true });
    t = await startTestServer({ bindings: gameBindings, env: { REMATCH_WINDOW_MS: "120000" } });
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function guest(name: string): Promise<Page> {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    watchPage(page, problems);
    await page.goto(`${t.url}/`);
    await page.getByTestId("guest-name").fill(name);
    await page.getByTestId("guest-signin").click();
    await expect.poll(() => page.getByTestId("signed-in").textContent(), { timeout: 20_000 }).toBe(`~${name}`);
    return page;
  }
  const playerId = (page: Page) => page.evaluate(() => (JSON.parse((globalThis as any).localStorage.getItem("tabletop.identity")) as { player: { id: string } }).player.id);
  const tableRoom = (page: Page) => /#\/table\/([^/?#]+)/.exec(page.url())?.[1] ?? "";

  it("two guests play Re;ACT, both accept the rematch, the next match seats both as before, and history lists both matches", async () => {
    const ann = await guest("Ann");
    await ann.getByTestId("game-react").getByTestId("create").click();
    const roomId = (await ann.getByTestId("room-id").textContent())!;
    const bo = await guest("Bo");
    const card = bo.getByTestId("game-react");
    await card.getByTestId("preset").selectOption({ index: 1 });
    await card.getByTestId("join-id").fill(roomId);
    await card.getByTestId("join").click();
    for (const page of [ann, bo]) await expect.poll(() => page.getByTestId("table").getAttribute("data-status"), { timeout: 30_000 }).toBe("playing");
    // The decision bar offers the stops, in words from the catalog.
    await expect.poll(() => ann.getByTestId("stops").textContent(), { timeout: 30_000 }).toContain("Pass when I have no choice");

    await Promise.all([clickUntilResult(ann), clickUntilResult(bo)]);
    const first = tableRoom(ann);
    await ann.getByTestId("rematch-button").click();
    await expect.poll(() => bo.getByTestId("rematch-status").textContent(), { timeout: 20_000 }).toContain("Ann");
    await bo.screenshot({ path: `${SHOTS}rematch-offered.png` });
    await bo.getByTestId("rematch-button").click();
    for (const page of [ann, bo]) {
      await expect.poll(() => tableRoom(page), { timeout: 30_000 }).not.toBe(first);
      await expect.poll(() => page.getByTestId("table").getAttribute("data-status"), { timeout: 30_000 }).toBe("playing");
    }
    expect(tableRoom(ann)).toBe(tableRoom(bo));
    expect(await ann.getByTestId("table").getAttribute("data-seat")).toBe("0");
    expect(await bo.getByTestId("table").getAttribute("data-seat")).toBe("1");
    expect(await bo.locator('[data-testid="seat"][data-you]').textContent()).toContain("Bo");

    await Promise.all([clickUntilResult(ann), clickUntilResult(bo)]);
    const id = await playerId(ann);
    await expect.poll(async () => ((await (await fetch(`${t.url}/api/matches?player=${id}`)).json()) as { items: unknown[] }).items.length, { timeout: 30_000 }).toBe(2);
    expect(problems).toEqual([]);
  }, 600_000);
});
