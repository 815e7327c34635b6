/**
 * Resonance over the real server (issue 6, must show): three SDK clients' bots play a 3-player
 * game to the end through the `resonance` room; no client ever decodes another's hand, the Main
 * Deck order or a Personal Codex Deck order; the match is stored with a rank for each seat and a
 * replay that re-simulates to the announced final hash.
 */
import { matchMaker } from "@colyseus/core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { verifyReplay } from "../../rules/core/replay.ts";
import { resonanceEngine, sampleSeatConfig, type State } from "../../rules/resonance/index.ts";
import { joinBot, type BotPlayer } from "../../test/support/botClient.ts";
import { startTestServer, waitFor, type TestServer } from "../../test/support/testServer.ts";
import { gameBindings } from "../registry.ts";

const PLAYERS = 3;

it("the resonance room is registered", () => {
  expect(gameBindings.map((b) => b.engine.game)).toContain("resonance");
});

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ bindings: gameBindings });
});
afterAll(async () => {
  await t?.close();
});

it("three bots play a 3-player game to the end; no client decodes another's hand, the Main Deck order or a Codex Deck order; the match is stored with three ranks", async () => {
  const problems: string[] = [];
  let checks = 0;
  const check = (decodedState: any, bot: BotPlayer) => {
    const me = bot.seat;
    if (me === null || decodedState.status !== "playing") return;
    const room = matchMaker.getLocalRoomById(bot.room.roomId) as unknown as { game: State; steps: unknown[] } | undefined;
    // Compare with the server's state only at the same step (the live state may be ahead).
    if (!room?.game || room.steps.length !== decodedState.step) return;
    const server = room.game;
    const decoded = decodedState.toJSON();
    const text = JSON.stringify(decoded);
    const seen = (id: string) => text.includes(`"${id}"`);
    checks++;
    for (let other = 0; other < PLAYERS; other++) {
      if (other === me) continue;
      if (decoded.seats[other].secret !== undefined || decoded.seats[other].legal !== undefined) problems.push(`seat ${me} decoded seat ${other}'s private slot`);
      for (const card of server.players[other]!.hand) if (seen(card)) problems.push(`seat ${me} saw seat ${other}'s hand card ${card}`);
    }
    // Main Deck: no card still in the deck appears anywhere decoded (Sensor's peek is the chooser's own, 5.1).
    const peek = decoded.seats[me].secret?.peek;
    for (const card of server.mainDeck.slice(0, 5)) if (card !== peek && seen(card)) problems.push(`seat ${me} saw Main Deck card ${card}`);
    // Codex Decks: nobody, the owner included, sees the order (only active blocks are public).
    for (const p of server.players) if (p.codexDeck.length >= 2 && text.includes(`"${p.codexDeck[0]}","${p.codexDeck[1]}"`)) problems.push(`seat ${me} saw a Codex Deck order`);
  };
  const bots: BotPlayer[] = [];
  const names = ["Ash", "Birch", "Cedar"];
  for (let seat = 0; seat < PLAYERS; seat++) {
    const opts = { name: names[seat], config: { players: PLAYERS }, seat: sampleSeatConfig(seat) };
    bots.push(await joinBot(t.wsUrl, "resonance", opts, { seed: `resonance-e2e-${seat}`, onState: check }, bots[0]?.room.roomId));
  }
  const finished = await Promise.all(bots.map((b) => b.untilFinished()));
  const f = finished[0]!;
  expect(problems.slice(0, 5)).toEqual([]);
  expect(checks).toBeGreaterThan(50);
  for (const b of bots) expect(b.rejections).toEqual([]);
  expect(new Set(finished.map((x) => x.finalHash)).size).toBe(1);
  expect(f.outcome.ranks).toHaveLength(PLAYERS);

  const match = await waitFor(async () => {
    const res = await fetch(`${t.url}/api/matches/${f.matchId}`);
    return res.status === 200 ? ((await res.json()) as any) : null;
  }, "stored match");
  expect(match.game).toBe("resonance");
  expect(match.players.map((p: { rank: number }) => p.rank)).toEqual(f.outcome.ranks);
  expect([...f.outcome.ranks].sort()).toContain(1);

  const replay = (await (await fetch(`${t.url}/api/matches/${f.matchId}/replay`)).json()) as any;
  expect(replay.seats).toHaveLength(PLAYERS);
  expect(verifyReplay(resonanceEngine, replay)).toEqual({ ok: true, hash: f.finalHash });
}, 240_000);
