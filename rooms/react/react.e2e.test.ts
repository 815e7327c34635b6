/**
 * Re;ACT over the real server (room not registered yet: the test server is given the binding):
 * two SDK clients' bots play a full game; no client ever decodes the other's hand or any deck
 * order; the match is stored with a replay that re-simulates to the stored final hash.
 */
import { matchMaker } from "@colyseus/core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { verifyReplay } from "../../rules/core/replay.ts";
import { reactEngine, type State } from "../../rules/react/index.ts";
import { joinBot, type BotPlayer } from "../../test/support/botClient.ts";
import { startTestServer, waitFor, type TestServer } from "../../test/support/testServer.ts";
import { reactBinding } from "./binding.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ bindings: [reactBinding] });
});
afterAll(async () => {
  await t?.close();
});

it("two clients play a full game; neither decodes the other's hand or a deck order; the match is stored", async () => {
  const problems: string[] = [];
  let checks = 0;
  const check = (state: any, bot: BotPlayer) => {
    const me = bot.seat;
    if (me === null || state.status !== "playing") return;
    const server = (matchMaker.getLocalRoomById(bot.room.roomId) as unknown as { game: State } | undefined)?.game;
    if (!server) return;
    const rival = 1 - me;
    const decoded = state.toJSON();
    if (decoded.seats[rival].secret !== undefined || decoded.seats[rival].legal !== undefined) {
      problems.push(`seat ${me} decoded seat ${rival}'s private slot`);
    }
    const text = JSON.stringify(decoded);
    checks++;
    for (const card of server.players[rival].hand) if (text.includes(`"${card}"`)) problems.push(`seat ${me} saw rival hand card ${card}`);
    for (const p of server.players) {
      // Deck order: the top three cards of any deck never appear as a sequence.
      const deck = p.deck ?? [];
      if (deck.length >= 3 && text.includes(JSON.stringify(deck.slice(0, 3)).slice(1, -1))) problems.push(`seat ${me} saw a deck order`);
    }
  };
  const a = await joinBot(t.wsUrl, "react", { name: "Ink", seat: { artist: "calligrapher" } }, { seed: "react-a", onState: check });
  const b = await joinBot(t.wsUrl, "react", { name: "Fin", seat: { artist: "dancer" } }, { seed: "react-b", onState: check }, a.room.roomId);
  const [fa] = await Promise.all([a.untilFinished(), b.untilFinished()]);
  expect(problems.slice(0, 5)).toEqual([]);
  expect(checks).toBeGreaterThan(20);

  const stored = await waitFor(async () => {
    const res = await fetch(`${t.url}/api/matches/${fa.matchId}/replay`);
    return res.status === 200 ? ((await res.json()) as any) : null;
  }, "stored replay");
  expect(stored.game).toBe("react");
  expect(verifyReplay(reactEngine, stored)).toEqual({ ok: true, hash: fa.finalHash });
}, 60_000);
