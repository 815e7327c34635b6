/**
 * "Fill with bots after N seconds" (create option `fillBotsAfterMs`, rooms/botFill.ts): a casual
 * room with a person seated and a seat still empty after the wait gets bots of `fillBotLevel` in
 * its empty seats, and the match starts as if they had been there from the start (stored as bots
 * with their level); a person who comes first takes the seat; ranked rooms and bad values are
 * refused with the reason; a resumed match puts such bots back in their seats. No timing is
 * asserted: the tests wait for what happens.
 */
import { Client } from "@colyseus/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { botWorkerEntry, gameBindings } from "../rooms/registry.ts";
import { newRoomState, planNewRoom, planResumedRoom } from "../rooms/roomSetup.ts";
import type { MatchHeader } from "../match/journalTypes.ts";
import { achromaEngine } from "../rules/achroma/index.ts";
import { sampleSeatConfig, solreiEngine } from "../rules/solrei/index.ts";
import { RuleError } from "../rules/core/errors.ts";
import { type BotPlayer, joinBot } from "./support/botClient.ts";
import { fetchStored } from "./support/botMatch.ts";
import { sdkRefusal, startTestServer, waitFor, type TestServer } from "./support/testServer.ts";

const env = { PROMPT_TIMEOUT_MS: "0", BOT_THINK_MIN_MS: "1", BOT_THINK_MAX_MS: "5", BOT_WORKERS: "1" };

interface SeatSeen {
  seat: number;
  bot: boolean;
  botLevel?: string;
  occupied: boolean;
}
const seatsOf = (bot: BotPlayer): SeatSeen[] => [...((bot.room.state as { seats?: SeatSeen[] }).seats ?? [])];
const playing = (bot: BotPlayer) => (bot.room.state as { status?: string }).status === "playing";

describe("filling empty seats with bots", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ bindings: gameBindings, env, botWorker: botWorkerEntry });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it("after the wait, a bot of the asked level takes the empty seat; the match plays out and is stored with the bot and its level", async () => {
    const me = await joinBot(t.wsUrl, "react", { name: "Waiting", fillBotsAfterMs: 1000, fillBotLevel: "normal", seat: { artist: "dancer" } }, { seed: "fill-normal" });
    const finished = await me.untilFinished();
    expect(me.rejections).toEqual([]);
    expect(seatsOf(me).map((s) => [s.bot, s.botLevel ?? null])).toEqual([
      [false, null],
      [true, "normal"],
    ]);
    const { match, replay } = await fetchStored(t, finished.matchId);
    const bySeat = Object.fromEntries(match.players.map((p: { seat: number; kind: string; botLevel?: string }) => [p.seat, [p.kind, p.botLevel ?? null]]));
    expect(bySeat).toEqual({ 0: ["guest", null], 1: ["bot", "normal"] });
    expect(replay.steps.length).toBeGreaterThan(0);
  }, 180_000);

  it("a person who joins before the wait is over takes a seat; the bots take only the seats still empty, at the default level", async () => {
    // Three seats, a wait long enough for the second person's join, short enough to end the test soon.
    const seat = Object.values(achromaEngine.presets!())[0];
    const first = await joinBot(t.wsUrl, "achroma", { name: "First", config: { players: 3 }, fillBotsAfterMs: 5000, seat }, { seed: "fill-first", idle: true });
    const second = await joinBot(t.wsUrl, "achroma", { name: "Second", seat }, { seed: "fill-second", idle: true }, first.room.roomId);
    await waitFor(() => playing(first), "the match to start with a bot in the last seat", 60_000);
    expect(seatsOf(first).map((s) => [s.occupied, s.bot, s.botLevel ?? null])).toEqual([
      [true, false, null],
      [true, false, null],
      [true, true, "easy"],
    ]);
    expect(seatsOf(second)[1]?.bot).toBe(false);
    await Promise.all([first.room.leave(), second.room.leave()]);
  }, 90_000);

  it("in a two-seat room, a person who joins first makes the match a match between people: no bot ever sits", async () => {
    const first = await joinBot(t.wsUrl, "solrei", { name: "One", fillBotsAfterMs: 30_000, seat: sampleSeatConfig(0) }, { seed: "fill-people-1" });
    const second = await joinBot(t.wsUrl, "solrei", { name: "Two", seat: sampleSeatConfig(1) }, { seed: "fill-people-2" }, first.room.roomId);
    const [done] = await Promise.all([first.untilFinished(), second.untilFinished()]);
    expect(seatsOf(first).every((s) => !s.bot)).toBe(true);
    const { match } = await fetchStored(t, done.matchId);
    expect(match.players.map((p: { kind: string }) => p.kind)).toEqual(["guest", "guest"]);
  }, 180_000);

  it("a quick match asking for bots after a wait lands only in a room with the same wait; one without the option joins any open room", async () => {
    const plain = await new Client(t.wsUrl).create("solrei", { name: "Plain", seat: sampleSeatConfig(0) });
    const filling = await new Client(t.wsUrl).joinOrCreate("solrei", { name: "Waits", seat: sampleSeatConfig(0), fillBotsAfterMs: 600_000 });
    expect(filling.roomId).not.toBe(plain.roomId);
    const again = await new Client(t.wsUrl).joinOrCreate("solrei", { name: "Waits too", seat: sampleSeatConfig(1), fillBotsAfterMs: 600_000 });
    expect(again.roomId).toBe(filling.roomId);
    const anyRoom = await new Client(t.wsUrl).joinOrCreate("solrei", { name: "Anyone", seat: sampleSeatConfig(1) });
    expect(anyRoom.roomId).toBe(plain.roomId); // the filling room is full now
    for (const room of [plain, filling, again, anyRoom]) await room.leave();
  });

  it("bad values are refused with the reason, at create and at join", async () => {
    const c = new Client(t.wsUrl);
    const refused = async (options: Record<string, unknown>) => (await sdkRefusal(c.create("solrei", options))).message;
    expect(await refused({ fillBotsAfterMs: 10 })).toMatch(/bad_config: .*fillBotsAfterMs must be at least 1000/);
    expect(await refused({ fillBotsAfterMs: 10_000_000 })).toMatch(/bad_config: .*fillBotsAfterMs must be at most 600000/);
    expect(await refused({ fillBotsAfterMs: 1500.5 })).toMatch(/bad_config: .*fillBotsAfterMs must be a whole number/);
    expect(await refused({ fillBotsAfterMs: "soon" })).toMatch(/bad_config: .*fillBotsAfterMs must be a whole number/);
    expect(await refused({ fillBotsAfterMs: 5000, fillBotLevel: "grandmaster" })).toMatch(/bad_config: .*fillBotLevel must be one of easy, normal/);
    expect(await refused({ fillBotLevel: "normal" })).toMatch(/bad_config: fillBotLevel goes with fillBotsAfterMs/);
    const open = await new Client(t.wsUrl).create("solrei", { name: "Host", seat: sampleSeatConfig(0) });
    open.onMessage("*", () => {});
    expect((await sdkRefusal(new Client(t.wsUrl).joinById(open.roomId, { name: "Late", fillBotsAfterMs: -1 }))).message).toMatch(/bad_seat_config: .*fillBotsAfterMs must be at least 1000/);
    await open.leave();
  });

  it("ranked rooms refuse it", () => {
    const hooks = { ticket: "matchmaker" } as Parameters<typeof planNewRoom>[2];
    const players = [
      { playerId: "a", username: "ann" },
      { playerId: "b", username: "bob" },
    ];
    const ranked = { mode: "ranked", ranked: { ticket: "matchmaker", group: 1, players } };
    expect(planNewRoom(solreiEngine, ranked, hooks).fill).toBeNull();
    const plan = () => planNewRoom(solreiEngine, { ...ranked, fillBotsAfterMs: 5000 }, hooks);
    expect(plan).toThrow(RuleError);
    expect(plan).toThrow(/ranked rooms have no bots/);
  });

  it("a resumed match puts the bots that filled it back in their seats, each at its level", () => {
    const binding = gameBindings.find((b) => b.engine.game === "achroma")!;
    const header = {
      mode: "casual",
      config: { players: 4 },
      seed: "s".repeat(64),
      players: [
        { seat: 0, playerId: "p0", name: "~Ann", kind: "guest" },
        { seat: 1, playerId: "b1", name: "~Bot 2", kind: "bot", level: "normal" },
        { seat: 2, playerId: "p2", name: "~Bea", kind: "guest" },
        { seat: 3, playerId: "b3", name: "~Bot 4", kind: "bot", level: "easy" },
      ],
      bots: [3, 1], // the room's own bot first, then the one that filled seat 1 (its person had left)
    } as unknown as MatchHeader;
    const plan = planResumedRoom(binding.engine, "m1", header);
    const { state, bots } = newRoomState(binding, plan, 4);
    expect([...bots].sort()).toEqual([1, 3]);
    expect([...state.seats].map((s) => [s.bot, s.botLevel ?? null])).toEqual([
      [false, null],
      [true, "normal"],
      [false, null],
      [true, "easy"],
    ]);
  });
});
