/**
 * Re;ACT over the real server, through the registered `react` room: two SDK
 * clients' bots play full games to the end; every decoded state and every message each client
 * receives is inspected: no client ever sees the other's hand, any deck card (so no deck order),
 * another seat's private slot or an event addressed to someone else; the match is stored (HTTP
 * API) with a replay that re-simulates to the announced final hash.
 */
import { matchMaker } from "@colyseus/core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { verifyReplay } from "../../rules/core/replay.ts";
import { reactEngine, type State } from "../../rules/react/index.ts";
import { joinBot, type BotPlayer } from "../../test/support/botClient.ts";
import { startTestServer, waitFor, type TestServer } from "../../test/support/testServer.ts";
import { gameBindings } from "../registry.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ bindings: gameBindings });
});
afterAll(async () => {
  await t?.close();
});

it("the react room is registered", () => {
  expect(gameBindings.map((b) => b.engine.game)).toContain("react");
});

const MESSAGE_TYPES = ["welcome", "events", "rejected", "finished", "stored"];

/** One full bot game between two Artists; returns what the checks saw. */
async function playOverServer(artists: [string, string], tag: string) {
  const problems: string[] = [];
  let stateChecks = 0;
  let messageChecks = 0;
  let ownHandSeen = 0;
  const serverGame = (bot: BotPlayer) => (matchMaker.getLocalRoomById(bot.room.roomId) as unknown as { game: State } | undefined)?.game;
  /** Text any client receives must hold no rival hand card and no card still in any deck. */
  const inspect = (text: string, me: number, server: State, where: string) => {
    for (const card of server.players[1 - me].hand) if (text.includes(`"${card}"`)) problems.push(`seat ${me} saw rival hand card ${card} in ${where}`);
    for (const p of server.players) for (const card of p.deck ?? []) if (text.includes(`"${card}"`)) problems.push(`seat ${me} saw deck card ${card} in ${where}`);
  };
  const onState = (state: any, bot: BotPlayer) => {
    const me = bot.seat;
    const server = serverGame(bot);
    if (me === null || state.status !== "playing" || !server) return;
    const decoded = state.toJSON();
    const rival = 1 - me;
    if (decoded.seats[rival].secret !== undefined || decoded.seats[rival].legal !== undefined) problems.push(`seat ${me} decoded seat ${rival}'s private slot`);
    const text = JSON.stringify(decoded);
    inspect(text, me, server, "state");
    // The check can see cards: my own hand is in my own private slot.
    for (const card of server.players[me].hand) if (text.includes(`"${card}"`)) ownHandSeen++;
    stateChecks++;
  };
  const watchMessages = (bot: BotPlayer) => {
    for (const type of MESSAGE_TYPES) {
      bot.room.onMessage(type, (message: any) => {
        const me = bot.seat;
        const server = serverGame(bot);
        if (me === null || !server) return;
        messageChecks++;
        if (type === "finished") return; // the game is over: the seed (and so every shuffle) is public now
        inspect(JSON.stringify(message), me, server, `message ${type}`);
        if (type === "events") {
          for (const e of message.events ?? []) if (e.to !== undefined && !e.to.includes(me)) problems.push(`seat ${me} got an event for ${e.to}`);
        }
      });
    }
  };
  const a = await joinBot(t.wsUrl, "react", { name: `${tag}-a`, seat: { artist: artists[0] } }, { seed: `${tag}-a`, onState });
  watchMessages(a);
  const b = await joinBot(t.wsUrl, "react", { name: `${tag}-b`, seat: { artist: artists[1] } }, { seed: `${tag}-b`, onState }, a.room.roomId);
  watchMessages(b);
  const [fa, fb] = await Promise.all([a.untilFinished(), b.untilFinished()]);
  return { problems, stateChecks, messageChecks, ownHandSeen, fa, fb, bots: [a, b] };
}

it("two clients play full games to the end; no client sees the other's hand or any deck order in any state or message; the match is stored", async () => {
  for (const [artists, tag] of [
    [["calligrapher", "dancer"], "react-e2e-1"],
    [["tagger", "painter"], "react-e2e-2"],
  ] as [[string, string], string][]) {
    const r = await playOverServer(artists, tag);
    expect(r.problems.slice(0, 5)).toEqual([]);
    expect(r.stateChecks).toBeGreaterThan(20);
    expect(r.messageChecks).toBeGreaterThan(20);
    expect(r.ownHandSeen).toBeGreaterThan(0);
    for (const bot of r.bots) expect(bot.rejections).toEqual([]);
    expect(r.fa.finalHash).toBe(r.fb.finalHash);
    expect(["damage", "deck_out", "simultaneous_damage", "turn_limit"]).toContain(r.fa.outcome.reason);

    // Stored: the match through the HTTP API, with both players and their ranks, and its replay.
    const match = await waitFor(async () => {
      const res = await fetch(`${t.url}/api/matches/${r.fa.matchId}`);
      return res.status === 200 ? ((await res.json()) as any) : null;
    }, "stored match");
    expect(match.game).toBe("react");
    expect(match.players.map((p: { rank: number }) => p.rank)).toEqual(r.fa.outcome.ranks);
    expect(match.players.map((p: { name: string }) => p.name)).toEqual([`~${tag}-a`, `~${tag}-b`]); // casual seats: guests, marked
    const replay = (await (await fetch(`${t.url}/api/matches/${r.fa.matchId}/replay`)).json()) as any;
    expect(replay.game).toBe("react");
    expect(replay.version).toBe(reactEngine.version);
    expect(replay.seats).toEqual(artists.map((artist) => ({ artist })));
    expect(verifyReplay(reactEngine, replay)).toEqual({ ok: true, hash: r.fa.finalHash });
  }
}, 180_000);
