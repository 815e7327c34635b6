/**
 * Resonance over the real server: three SDK clients' bots play a 3-player
 * game to the end through the `resonance` room; no client ever decodes another's hand, the Main
 * Deck order or a Personal Codex Deck order; the match is stored with a rank for each seat and a
 * replay that re-simulates to the announced final hash.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { verifyReplay } from "../../rules/core/replay.ts";
import { resonanceEngine, sampleSeatConfig, type State } from "../../rules/resonance/index.ts";
import type { BotPlayer } from "../../test/support/botClient.ts";
import { fetchStored, playBotMatch, serverStateAtStep } from "../../test/support/botMatch.ts";
import { startTestServer, type TestServer } from "../../test/support/testServer.ts";
import { gameBindings } from "../registry.ts";

const PLAYERS = 3;

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ bindings: gameBindings });
});
afterAll(async () => {
  await t?.close();
});

it("the resonance room is registered", () => {
  expect(gameBindings.map((b) => b.engine.game)).toContain("resonance");
});

it("three bots play a 3-player game to the end; no client decodes another's hand, the Main Deck order or a Codex Deck order; the match is stored with three ranks", async () => {
  const problems: string[] = [];
  let checks = 0;
  const check = (decodedState: any, bot: BotPlayer) => {
    const me = bot.seat;
    if (me === null || decodedState.status !== "playing") return;
    const server = serverStateAtStep<State>(bot, decodedState);
    if (!server) return;
    const decoded = decodedState.toJSON();
    const text = JSON.stringify(decoded);
    // A public record may still name a card that has since gone hidden: an attack's fuel stays on
    // show while the Discard Pile it went to is shuffled back into the Main Deck (2.8) and drawn.
    // What the public view may keep is the rules' leak check's to prove; here, nothing more leaks.
    const publicView = JSON.stringify(resonanceEngine.view(server, null));
    const seen = (id: string) => text.includes(`"${id}"`) && !publicView.includes(`"${id}"`);
    checks++;
    for (let other = 0; other < PLAYERS; other++) {
      if (other === me) continue;
      if (decoded.seats[other].secret !== undefined || decoded.seats[other].legal !== undefined) problems.push(`seat ${me} decoded seat ${other}'s private slot`);
      // Sentry shows a hand to the seat that looked, in its own private part.
      const looked = server.looked?.seat === me && server.looked.of === other ? server.looked.cards : [];
      for (const card of server.players[other]!.hand) if (seen(card) && !looked.includes(card)) problems.push(`seat ${me} saw seat ${other}'s hand card ${card}`);
    }
    // Main Deck: no card in it appears decoded (Sensor's peek is the chooser's own, 5.1).
    const peek = decoded.seats[me].secret?.peek;
    for (const card of server.mainDeck.slice(0, 5)) if (card !== peek && seen(card)) problems.push(`seat ${me} saw Main Deck card ${card}`);
    // Codex Decks: nobody, the owner included, sees the order (only active blocks are public).
    for (const p of server.players) if (p.codexDeck.length >= 2 && text.includes(`"${p.codexDeck[0]}","${p.codexDeck[1]}"`)) problems.push(`seat ${me} saw a Codex Deck order`);
  };
  const names = ["Ash", "Birch", "Cedar"];
  const seats = names.map((_, seat) => sampleSeatConfig(seat));
  const { finished } = await playBotMatch(t, "resonance", { config: { players: PLAYERS }, seats, names, seedPrefix: "resonance-e2e", onState: check });
  const f = finished[0]!;
  expect(problems.slice(0, 5)).toEqual([]);
  expect(checks).toBeGreaterThan(50);
  expect(f.outcome.ranks).toHaveLength(PLAYERS);

  const { match, replay } = await fetchStored(t, f.matchId);
  expect(match.game).toBe("resonance");
  expect(match.players.map((p: { rank: number }) => p.rank)).toEqual(f.outcome.ranks);
  expect(Math.min(...f.outcome.ranks)).toBe(1);
  expect(replay.seats).toHaveLength(PLAYERS);
  expect(verifyReplay(resonanceEngine, replay)).toEqual({ ok: true, hash: f.finalHash });
}, 240_000);
