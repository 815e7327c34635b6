/**
 * Match history and the replay viewer in a real headless Chromium (Debian's /usr/bin/chromium,
 * driven by playwright-core), against the real server serving web/dist. A 4-seat Achroma match is
 * played to the end by the server's own bots (fast: BOT_THINK_*_MS 1-5, no turn clock) and
 * stored; 20 copies of it, ended earlier, fill a second history page. The page lists it, opens
 * its replay, steps forward and back, jumps to the end (the result), and switches perspective:
 * a seat sees its own hand (exactly the API's view for that seat), never another seat's, and a
 * spectator sees no hand at all. Screenshots at 360 and 1280 px go to test/web/screenshots/.
 */
import { Client } from "@colyseus/sdk";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gameBindings } from "../../rooms/registry.ts";
import { getMatch, getReplay } from "../../server/store/matchHistory.ts";
import { saveMatch } from "../../server/store/matches.ts";
import { buildWeb } from "../../web/build.mjs";
import { startTestServer, waitFor, type TestServer } from "../support/testServer.ts";
import { haveChromium, launchBrowser, SHOTS, watchPage } from "./browser.ts";

/** The page's globals, typed for what these tests read (the root tsconfig has no DOM lib). */
interface PageGlobals {
  document: {
    documentElement: { scrollWidth: number };
    querySelector(selector: string): { value: string; dispatchEvent(e: unknown): boolean } | null;
  };
  Event: new (type: string, init?: { bubbles?: boolean }) => unknown;
}

interface StepAnswer {
  step: number;
  steps: number;
  seat: number | null;
  view: { hand?: { uid: string; def: string }[] } & Record<string, unknown>;
  events: unknown[];
}

describe.skipIf(!haveChromium)("match history and replays (Chromium)", () => {
  let t: TestServer;
  let browser: Browser;
  let matchId = "";
  let steps = 0;
  let reasonName = "";
  let firstPlayer = "";
  const problems: string[] = [];

  beforeAll(async () => {
    await buildWeb({ quiet: true }); // only when web/dist is missing or older than web/src
    t = await startTestServer({ bindings: gameBindings, env: { BOT_THINK_MIN_MS: "1", BOT_THINK_MAX_MS: "5", PROMPT_TIMEOUT_MS: "0" } });

    // A match played by the server's bots from start to end, watched by a spectator.
    const client = new Client(t.wsUrl);
    const room = await client.create("achroma", { config: { players: 4 }, bots: 4, spectate: true });
    room.onMessage("*", () => {});
    const finished = await new Promise<{ matchId: string }>((resolve) => room.onMessage("finished", resolve));
    matchId = finished.matchId;
    await waitFor(async () => (await fetch(`${t.url}/api/matches/${matchId}`)).status === 200, "the match to be stored", 30_000);
    await room.leave().catch(() => {});

    // 20 earlier copies of it (new ids): the history then has a second page.
    const summary = (await getMatch(t.sql, matchId))!;
    const replay = (await getReplay(t.sql, matchId))!;
    steps = replay.steps.length;
    firstPlayer = summary.players.find((p) => p.seat === 0)!.playerId;
    for (let i = 1; i <= 20; i++) {
      const endedAt = new Date(Date.parse(summary.endedAt) - i * 60_000);
      await saveMatch(t.sql, {
        id: crypto.randomUUID(),
        game: summary.game,
        mode: "casual",
        config: replay.config,
        seats: replay.seats,
        seed: summary.seed,
        seedHash: summary.seedHash,
        version: summary.version,
        startedAt: new Date(endedAt.getTime() - 5_000),
        endedAt,
        outcome: summary.outcome,
        players: summary.players.map((p) => ({ seat: p.seat, playerId: p.playerId, name: p.name, kind: p.kind })),
        replay: { steps: replay.steps, finalHash: replay.finalHash },
      });
    }
    const catalog = (await (await fetch(`${t.url}/api/games/achroma/catalog`)).json()) as { sections: Record<string, Record<string, { name: string }>> };
    reasonName = catalog.sections.outcome![summary.outcome.reason]!.name;

    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const watch = (page: Page) => watchPage(page, problems);

  async function api(step: number, seat: number | null): Promise<StepAnswer> {
    const q = seat === null ? `step=${step}` : `step=${step}&seat=${seat}`;
    return (await (await fetch(`${t.url}/api/matches/${matchId}/replay?${q}`)).json()) as StepAnswer;
  }

  /** Waits until the viewer shows `step` from `seat`'s perspective, loaded. */
  async function shown(page: Page, step: number, seat: number | null): Promise<void> {
    const sel = `[data-testid="replay"][data-step="${step}"][data-seat="${seat ?? ""}"][data-loading="false"]`;
    await page.locator(sel).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("step-number").textContent()).toBe(`${step} / ${steps}`);
  }

  async function boardText(page: Page): Promise<string> {
    // biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator's innerText(), the text as rendered, not a DOM property
    return `${await page.getByTestId("replay-view").innerText()}\n${await page.getByTestId("replay-log").innerText()}`;
  }

  async function fits(page: Page, width: number): Promise<void> {
    const scroll = await page.evaluate(() => (globalThis as unknown as PageGlobals).document.documentElement.scrollWidth);
    expect(scroll, `nothing wider than ${width} px`).toBeLessThanOrEqual(width);
  }

  it("lists the match, opens its replay, steps through it and switches perspective", async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    watch(page);

    // History: the newest page, with the match first, then "Load more" for the copies.
    await page.goto(`${t.url}/#/history`);
    const row = page.locator(`[data-testid="match-row"][data-match-id="${matchId}"]`);
    await row.waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("match-row").count()).toBe(20);
    expect(await page.getByTestId("match-row").first().getAttribute("data-match-id")).toBe(matchId);
    await expect.poll(() => row.getByTestId("reason").textContent()).toBe(reasonName);
    expect(await row.getByTestId("match-player").count()).toBe(4);
    // biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator's innerText(), the text as rendered, not a DOM property
    expect(await row.innerText()).toContain("bot");
    await page.getByTestId("load-more").click();
    await expect.poll(() => page.getByTestId("match-row").count(), { timeout: 20_000 }).toBe(21);
    await page.getByTestId("load-more").waitFor({ state: "detached" }); // no third page
    await page.getByTestId("game-filter").selectOption("solrei");
    await page.getByTestId("no-matches").waitFor();
    await page.getByTestId("game-filter").selectOption("achroma");
    await row.waitFor();
    await fits(page, 360);
    await page.screenshot({ path: `${SHOTS}history-360.png`, fullPage: true });

    // The replay: step 0, as a spectator.
    await row.getByTestId("replay-link").click();
    await shown(page, 0, null);
    expect(await page.getByTestId("acted").textContent()).toContain("Start of the match");
    const atStart = await boardText(page);

    // Forward with the button and the keyboard; back again.
    await page.getByTestId("forward").click();
    await shown(page, 1, null);
    expect(await page.getByTestId("acted").textContent()).toMatch(/^Step 1: ~Bot \d chose /);
    for (let i = 2; i <= 6; i++) {
      await page.keyboard.press("ArrowRight");
      await shown(page, i, null);
    }
    const atSix = await boardText(page);
    expect(atSix).not.toBe(atStart);
    const logAtSix = Number(await page.getByTestId("replay-events").getAttribute("data-count"));
    expect(logAtSix).toBeGreaterThan(0);
    await page.getByTestId("back").click();
    await shown(page, 5, null);
    expect(await boardText(page)).not.toBe(atSix);
    await page.keyboard.press("ArrowRight");
    await shown(page, 6, null);
    expect(await boardText(page)).toBe(atSix); // from the cache, the same
    await page.getByTestId("first").click();
    await shown(page, 0, null);
    expect(await boardText(page)).toBe(atStart);

    // The last step: the result.
    await page.getByTestId("last").click();
    await shown(page, steps, null);
    await expect.poll(() => page.getByTestId("result").textContent()).toContain(reasonName);
    expect(Number(await page.getByTestId("replay-events").getAttribute("data-count"))).toBeGreaterThan(logAtSix);
    await fits(page, 360);
    await page.screenshot({ path: `${SHOTS}replay-end-360.png` });

    // A step in the middle where seats 1 and 2 both hold cards nobody else sees (the slider, as a person drags it).
    const privateCards = (answer: StepAnswer, publicText: string) => (answer.view.hand ?? []).filter((c) => !publicText.includes(`"${c.uid}"`));
    let mid = Math.floor(steps / 2);
    for (; mid > 0; mid--) {
      const publicText = JSON.stringify(await api(mid, null));
      const [one, two] = [await api(mid, 1), await api(mid, 2)];
      if (privateCards(one, publicText).length > 0 && privateCards(two, publicText).length > 0) break;
    }
    expect(mid).toBeGreaterThan(0);
    await page.evaluate((to) => {
      const g = globalThis as unknown as PageGlobals;
      const slider = g.document.querySelector('[data-testid="slider"]')!;
      slider.value = String(to);
      slider.dispatchEvent(new g.Event("input", { bubbles: true }));
    }, mid);
    await shown(page, mid, null);
    expect(await page.locator('[data-testid="hand"], [data-testid="hand-card"]').count()).toBe(0);

    const spectator = await api(mid, null);
    const publicText = JSON.stringify(spectator);
    for (const [seat, other] of [
      [1, 2],
      [2, 1],
    ] as const) {
      await page.getByTestId("perspective").selectOption(String(seat));
      await shown(page, mid, seat);
      const mine = (await api(mid, seat)).view.hand!.map((c) => c.uid);
      const keys = await page.getByTestId("hand-card").evaluateAll((els) => els.map((e) => (e as unknown as { dataset: { key: string } }).dataset.key));
      expect(keys).toEqual(mine);
      // Another seat's private cards (not in the public view) appear nowhere on the page.
      const theirs = (await api(mid, other)).view.hand!.map((c) => c.uid).filter((uid) => !publicText.includes(`"${uid}"`));
      expect(theirs.length).toBeGreaterThan(0);
      // biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator's innerText(), the text as rendered, not a DOM property
      const text = await page.getByTestId("replay").innerText();
      for (const uid of theirs) expect(text).not.toMatch(new RegExp(`\\b${uid}\\b`));
    }
    await page.screenshot({ path: `${SHOTS}replay-seat-360.png` }); // the first screen
    await page.screenshot({ path: `${SHOTS}replay-seat-360-full.png`, fullPage: true });

    // Back to a spectator: no hand at all.
    await page.getByTestId("perspective").selectOption("");
    await shown(page, mid, null);
    expect(await page.locator('[data-testid="hand"], [data-testid="hand-card"]').count()).toBe(0);
    await fits(page, 360);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByTestId("perspective").selectOption("1");
    await shown(page, mid, 1);
    await page.screenshot({ path: `${SHOTS}replay-desktop.png` });
    await page.screenshot({ path: `${SHOTS}replay-desktop-full.png`, fullPage: true });
    await page.getByTestId("nav-history").click();
    await row.waitFor();
    await page.screenshot({ path: `${SHOTS}history-desktop.png`, fullPage: true });

    // One player's matches (`#/history/<playerId>`): the bot in seat 0 played all 21.
    await page.goto(`${t.url}/#/history/${firstPlayer}`);
    await row.waitFor();
    expect(await page.getByTestId("match-row").count()).toBe(20);
    expect(await page.locator(".history-head h2").textContent()).toContain("~Bot");

    expect(problems).toEqual([]);
    await context.close();
  }, 300_000);

  it.each(["solrei", "react", "resonance"])(
    "%s: the replay opens at a linked step and seat, with that seat's hand",
    async (game) => {
      const client = new Client(t.wsUrl);
      // Each bot draws a preset at random (rooms/GameRoom.ts): in Re;ACT two bots drawing the same
      // Artist are refused `bad_config` (R2). Draw again then: that is the server's, not the page's.
      const create = () => client.create(game, { config: game === "resonance" ? { players: 2 } : {}, bots: 2, spectate: true });
      let room = await create().catch((e: Error) => e);
      for (let tries = 1; room instanceof Error && /bad_config/.test(room.message) && tries < 10; tries++) room = await create().catch((e: Error) => e);
      if (room instanceof Error) throw room;
      room.onMessage("*", () => {});
      const { matchId: id } = await new Promise<{ matchId: string }>((resolve) => room.onMessage("finished", resolve));
      await waitFor(async () => (await fetch(`${t.url}/api/matches/${id}`)).status === 200, "the match to be stored", 30_000);
      await room.leave().catch(() => {});
      const total = ((await (await fetch(`${t.url}/api/matches/${id}/replay`)).json()) as { steps: unknown[] }).steps.length;
      const handAt = async (step: number, seat: number | null) => {
        const q = seat === null ? `step=${step}` : `step=${step}&seat=${seat}`;
        const answer = (await (await fetch(`${t.url}/api/matches/${id}/replay?${q}`)).json()) as { view: { hand?: unknown[]; you?: { hand?: unknown[] } | null } };
        const hand = answer.view.hand ?? answer.view.you?.hand ?? [];
        return hand.map((c) => (typeof c === "string" ? c : ((c as { uid?: string; id?: string; def?: string }).uid ?? (c as { id?: string }).id ?? (c as { def?: string }).def)));
      };
      // A step near the middle where a seat holds cards (a Re;ACT Tagger never does: no Action deck).
      let mid = Math.floor(total / 2);
      let seat = 0;
      search: for (; mid > 0; mid--) {
        for (seat = 0; seat < 2; seat++) if ((await handAt(mid, seat)).length > 0) break search;
      }
      expect(mid).toBeGreaterThan(0);

      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      watch(page);
      await page.goto(`${t.url}/#/replay/${id}?step=${mid}&seat=${seat}`);
      await page.locator(`[data-testid="replay"][data-step="${mid}"][data-seat="${seat}"][data-loading="false"]`).waitFor({ timeout: 30_000 });
      expect(await page.getByTestId("step-number").textContent()).toBe(`${mid} / ${total}`);
      const keys = await page.getByTestId("hand-card").evaluateAll((els) => els.map((e) => (e as unknown as { dataset: { key: string } }).dataset.key));
      expect(keys).toEqual(await handAt(mid, seat));
      await page.screenshot({ path: `${SHOTS}replay-${game}-seat-360.png` });
      expect(await page.getByTestId("acted").textContent()).toMatch(new RegExp(`^Step ${mid}: .+ chose .+`));
      await page.getByTestId("perspective").selectOption("");
      await page.locator(`[data-testid="replay"][data-step="${mid}"][data-seat=""][data-loading="false"]`).waitFor({ timeout: 30_000 });
      expect(await page.locator('[data-testid="hand"], [data-testid="hand-card"]').count()).toBe(0);
      await page.getByTestId("last").click();
      await page.locator(`[data-testid="replay"][data-step="${total}"][data-loading="false"]`).waitFor({ timeout: 30_000 });
      await page.getByTestId("result").waitFor();
      await fits(page, 360);
      await page.screenshot({ path: `${SHOTS}replay-${game}-end-360.png` });
      expect(problems).toEqual([]);
      await context.close();
    },
    120_000,
  );
});
