/**
 * The admin page in a real headless Chromium against the real server: an admin signs in on
 * `#/admin`, finds a player in the live matches, opens their page from there, bans them with a
 * reason, and the page shows the ban; the player, seated in that match over the SDK, is closed
 * out at once (4403). A player who is not an admin gets no Admin link and the page says
 * "Admins only". Screenshots go to test/web/screenshots/.
 */
import { Client, type Room } from "@colyseus/sdk";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solreiBinding } from "../../rooms/solrei/binding.ts";
import { sampleSeatConfig } from "../../rules/solrei/index.ts";
import { changeRole } from "../../server/admin/access.ts";
import { buildWeb } from "../../web/build.mjs";
import { accountsApi } from "../support/accountsApi.ts";
import { startTestServer, waitFor, type TestServer } from "../support/testServer.ts";
import { haveChromium, launchBrowser, SHOTS, watchPage } from "./browser.ts";

const PASSWORD = "a long enough password";

describe.skipIf(!haveChromium)("the admin page (Chromium)", () => {
  let t: TestServer;
  let browser: Browser;
  const rooms: Room[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    await buildWeb({ quiet: true });
    t = await startTestServer({ bindings: [solreiBinding], env: { PROMPT_TIMEOUT_MS: "0" } });
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    for (const room of rooms) if (room.connection.isOpen) void room.leave().catch(() => {});
    await browser?.close();
    await t?.close();
  });

  it("an admin bans a player who is in a match; the player's page shows the ban and the player is out", async () => {
    const api = accountsApi(t.url);
    for (const name of ["moderator", "rulebreaker", "bystander"]) expect((await api.register(name, PASSWORD)).status).toBe(201);
    await changeRole(t.sql, "moderator", "admin", "cli");
    const [cheat, bystander] = await Promise.all(["rulebreaker", "bystander"].map(async (name) => (await api.login(name, PASSWORD)).body));
    // The two play a casual SolRei match with their accounts.
    const seat = async (identity: { token: string }, roomId?: string) => {
      const client = new Client(t.wsUrl);
      client.auth.token = identity.token;
      const options = { config: {}, seat: sampleSeatConfig(0) };
      const room = roomId ? await client.joinById(roomId, options) : await client.create("solrei", options);
      room.onMessage("*", () => {});
      rooms.push(room);
      return room;
    };
    const cheatRoom = await seat(cheat);
    await seat(bystander, cheatRoom.roomId);
    await waitFor(() => cheatRoom.state?.status === "playing", "the match started");
    const closed = new Promise<number>((resolve) => cheatRoom.onLeave((code) => resolve(code)));

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    watchPage(page, problems);
    await page.goto(`${t.url}/#/admin`);
    await page.getByTestId("admin-only").waitFor();
    await page.getByTestId("admin-username").fill("moderator");
    await page.getByTestId("admin-password").fill(PASSWORD);
    await page.getByTestId("admin-login").click();
    const live = page.getByTestId("live-match").filter({ hasText: "rulebreaker" });
    await live.waitFor({ timeout: 20_000 });
    expect(await live.getAttribute("data-room")).toBe(cheatRoom.roomId);
    await page.screenshot({ path: `${SHOTS}admin-live.png`, fullPage: true });

    await live.getByTestId("live-player").filter({ hasText: "rulebreaker" }).click();
    await page.getByTestId("admin-player-name").filter({ hasText: "rulebreaker" }).waitFor();
    await page.getByTestId("no-ban").waitFor();
    await page.getByTestId("ban-length").selectOption({ label: "7 days" });
    await page.getByTestId("ban-player-reason").fill("played with an engine");
    await page.getByTestId("ban-player").click();
    const shown = page.getByTestId("active-ban");
    await shown.waitFor({ timeout: 20_000 });
    expect(await shown.textContent()).toMatch(/Banned until .*: played with an engine/);
    expect(await closed).toBe(4403);
    await page.screenshot({ path: `${SHOTS}admin-player-banned.png`, fullPage: true });

    // The audit log lists the ban, newest first.
    await page.getByTestId("admin-tab-audit").click();
    await page.getByTestId("audit-row").first().waitFor();
    expect(await page.getByTestId("audit-row").filter({ hasText: "ban player" }).first().textContent()).toMatch(/moderator.*played with an engine/);
    await page.screenshot({ path: `${SHOTS}admin-audit.png`, fullPage: true });
    await context.close();
    expect(problems.filter((p) => !/HTTP 4\d\d .*\/api\/auth\/me/.test(p))).toEqual([]);
  }, 120_000);

  it("a player who is not an admin sees no Admin link and is told the page is for admins", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const login = (await accountsApi(t.url).login("bystander", PASSWORD)).body;
    await page.goto(`${t.url}/`);
    await page.evaluate((identity) => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem("tabletop.identity", JSON.stringify(identity)), login);
    await page.goto(`${t.url}/#/admin`);
    await page.getByTestId("admin-only").waitFor();
    expect(await page.getByTestId("admin-only").textContent()).toMatch(/not an admin/);
    expect(await page.getByTestId("nav-admin").count()).toBe(0);
    await context.close();
  }, 60_000);
});
