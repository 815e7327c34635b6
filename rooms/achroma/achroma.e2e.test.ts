/**
 * Achroma over the real server: four SDK clients' bots play a 4-player game
 * to the end through the registered `achroma` room; no client ever decodes another's hand or any
 * other Palette's order; the match is stored with a rank for each of the four seats and a replay
 * that re-simulates to the announced final hash.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { verifyReplay } from "../../rules/core/replay.ts";
import { achromaEngine, samplePalette, type State } from "../../rules/achroma/index.ts";
import type { BotPlayer } from "../../test/support/botClient.ts";
import { fetchStored, playBotMatch, serverStateAtStep } from "../../test/support/botMatch.ts";
import { startTestServer, type TestServer } from "../../test/support/testServer.ts";
import { gameBindings } from "../registry.ts";

const PLAYERS = 4;

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ bindings: gameBindings });
});
afterAll(async () => {
  await t?.close();
});

it("the achroma room is registered", () => {
  expect(gameBindings.map((b) => b.engine.game)).toContain("achroma");
});

it("four bots play a 4-player game to the end; no client decodes another's hand or any Palette order; the match is stored with four ranks", async () => {
  const problems: string[] = [];
  let checks = 0;
  const check = (decodedState: any, bot: BotPlayer) => {
    const me = bot.seat;
    if (me === null || decodedState.status !== "playing") return;
    const server = serverStateAtStep<State>(bot, decodedState);
    if (!server) return;
    const decoded = decodedState.toJSON();
    const text = JSON.stringify(decoded);
    const seen = (card: string) => text.includes(`"${card}"`) || text.includes(`"${card}:`);
    checks++;
    for (let other = 0; other < PLAYERS; other++) {
      if (other === me) continue;
      if (decoded.seats[other].secret !== undefined || decoded.seats[other].legal !== undefined) problems.push(`seat ${me} decoded seat ${other}'s private slot`);
      for (const card of server.players[other]!.hand) if (seen(card)) problems.push(`seat ${me} saw seat ${other}'s hand card ${card}`);
      // Palette order: the top two cards of another's Palette never appear, as ids, anywhere decoded.
      // (Own Palette excluded: a player may know their own top cards, RESEARCH R23.)
      for (const card of server.players[other]!.palette.slice(0, 2)) if (seen(card)) problems.push(`seat ${me} saw a Palette card ${card}`);
    }
  };
  const names = ["Ash", "Birch", "Cedar", "Dune"];
  const seats = names.map((_, seat) => samplePalette(seat));
  const { finished } = await playBotMatch(t, "achroma", { config: { players: PLAYERS }, seats, names, seedPrefix: "achroma-e2e", onState: check });
  const f = finished[0]!;
  expect(problems.slice(0, 5)).toEqual([]);
  expect(checks).toBeGreaterThan(100);
  expect(f.outcome.ranks).toHaveLength(PLAYERS);

  const { match, replay } = await fetchStored(t, f.matchId);
  expect(match.game).toBe("achroma");
  expect(match.players.map((p: { rank: number }) => p.rank)).toEqual(f.outcome.ranks);
  expect(match.players.map((p: { name: string }) => p.name)).toEqual(names.map((n) => `~${n}`)); // casual seats: guests, marked
  expect(Math.min(...f.outcome.ranks)).toBe(1);
  expect(replay.seats).toHaveLength(PLAYERS);
  expect(verifyReplay(achromaEngine, replay)).toEqual({ ok: true, hash: f.finalHash });
}, 180_000);
