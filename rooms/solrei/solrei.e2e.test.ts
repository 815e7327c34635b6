/**
 * SolRei over the real server: two SDK clients play a whole Show; during OPEN neither
 * client's decoded state ever holds the rival's face-down card (nor hand); the match is
 * stored with a replay that re-simulates to the stored final hash.
 */
import { matchMaker } from "@colyseus/core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { verifyReplay, viewAtStep } from "../../rules/core/replay.ts";
import { sampleSeatConfig, solreiEngine, type State } from "../../rules/solrei/index.ts";
import { joinBot, type BotPlayer } from "../../test/support/botClient.ts";
import { startTestServer, waitFor, type TestServer } from "../../test/support/testServer.ts";
import { solreiBinding } from "./binding.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ bindings: [solreiBinding] });
});
afterAll(async () => {
  await t?.close();
});

it("two clients play a Show to the end; the rival's face-down card and hand never reach a client; the match is stored", async () => {
  const problems: string[] = [];
  let openChecks = 0;
  // Optional fields over the wire: the decoded `showdown` goes defined -> undefined between rounds
  // (a removal, not a sentinel), and `result` stays undefined while the match is playing.
  const showdownSeen = { defined: 0, removed: 0 };
  const hadShowdown = new Map<BotPlayer, boolean>();
  const check = (state: any, bot: BotPlayer) => {
    if (state.status === "playing" && state.result !== undefined) problems.push("result set while playing");
    const has = state.game?.showdown !== undefined;
    if (has) showdownSeen.defined++;
    if (hadShowdown.get(bot) && !has) showdownSeen.removed++;
    hadShowdown.set(bot, has);
    if (has && typeof state.game.showdown.winner === "number" && state.game.showdown.winner < 0) problems.push("negative showdown winner");
    const me = bot.seat;
    if (me === null || state.status !== "playing") return;
    const rival = 1 - me;
    const server = (matchMaker.getLocalRoomById(bot.room.roomId) as unknown as { game: State } | undefined)?.game;
    if (!server) return;
    const decoded = state.toJSON();
    const rivalSlot = decoded.seats[rival];
    if (rivalSlot.secret !== undefined || rivalSlot.legal !== undefined) problems.push(`seat ${me} decoded seat ${rival}'s private slot`);
    const rivalPublic = JSON.stringify(decoded.game.players[rival]);
    const placed = server.players[rival].placed;
    if (placed && !server.revealed) {
      openChecks++;
      if (rivalPublic.includes(placed)) problems.push(`seat ${me} saw the rival's face-down ${placed}`);
    }
    // Card ids carry their owner ("p1-10H"): while the rival's cards sit in hand or face down,
    // nothing in my private part may name them.
    if (JSON.stringify(decoded.seats[me]).includes(`p${rival}-`)) problems.push(`seat ${me}'s private slot names a rival card`);
  };
  const a = await joinBot(t.wsUrl, "solrei", { name: "Ada", seat: sampleSeatConfig(0) }, { seed: "show-a", onState: check });
  const b = await joinBot(t.wsUrl, "solrei", { name: "Bo", seat: sampleSeatConfig(1) }, { seed: "show-b", onState: check }, a.room.roomId);
  const [fa] = await Promise.all([a.untilFinished(), b.untilFinished()]);
  expect(problems.slice(0, 5)).toEqual([]);
  expect(openChecks).toBeGreaterThan(10);
  expect(showdownSeen.defined).toBeGreaterThan(0);
  expect(showdownSeen.removed).toBeGreaterThan(0);
  // The root result: a typed child once finished, carrying the same ranks and reason as `finished`.
  const decodedResult = await waitFor(() => a.room.state.result?.toJSON() ?? null, "decoded result");
  expect(decodedResult).toEqual({ ranks: fa.outcome.ranks, reason: fa.outcome.reason });
  expect(fa.outcome.ranks.sort()).toSatisfy((r: number[]) => r.length === 2);

  const stored = await waitFor(async () => {
    const res = await fetch(`${t.url}/api/matches/${fa.matchId}/replay`);
    return res.status === 200 ? ((await res.json()) as any) : null;
  }, "stored replay");
  expect(stored.game).toBe("solrei");
  expect(stored.steps.length).toBeGreaterThan(20);
  expect(verifyReplay(solreiEngine, stored)).toEqual({ ok: true, hash: fa.finalHash });

  // The replay API shows a seat exactly its own view at a step, and the spectator no hand.
  const step = Math.floor(stored.steps.length / 2);
  const seatView: any = await (await fetch(`${t.url}/api/matches/${fa.matchId}/replay?step=${step}&seat=0`)).json();
  expect(seatView.view).toEqual(viewAtStep(solreiEngine, stored, step, 0).view);
  const spectator: any = await (await fetch(`${t.url}/api/matches/${fa.matchId}/replay?step=${step}`)).json();
  expect(spectator.view.you).toBeNull();
  const full: any = await (await fetch(`${t.url}/api/matches/${fa.matchId}/replay?step=${step}&reveal=all`)).json();
  expect(full.state.players[0].deck.length).toBeGreaterThan(0);
});

it("a set-up that breaks the rules refuses the join with one line per broken rule", async () => {
  const a = await joinBot(t.wsUrl, "solrei", { seat: sampleSeatConfig(0) }, { seed: "x" });
  const { Client } = await import("@colyseus/sdk");
  const err = await new Client(t.wsUrl).joinById(a.room.roomId, { seat: { muse: "nobody" } }).then(
    () => null,
    (e: Error) => e,
  );
  expect(err?.message).toMatch(/unknown muse "nobody"/);
  await a.room.leave();
});
