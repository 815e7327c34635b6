/**
 * The turn clock over the real server (the hardening issue): a seat that keeps re-placing a
 * card in SolRei's OPEN cannot stall the match (its prompt's time runs on however many
 * decisions it makes, then the engine's default decides); and the public `deadline` of a seat
 * never moves while that seat stays an actor, so it tells nobody about that seat's private
 * choices (checked on full bot matches of every game).
 */
import { matchMaker } from "@colyseus/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gameBindings } from "../rooms/registry.ts";
import { solreiBinding } from "../rooms/solrei/binding.ts";
import { sampleSeatConfig } from "../rules/solrei/index.ts";
import type { ReplayStep } from "../rules/core/replay.ts";
import { joinBot, type BotPlayer } from "./support/botClient.ts";
import { playBotMatch } from "./support/botMatch.ts";
import { startTestServer, waitFor, type TestServer } from "./support/testServer.ts";

describe("a seat cannot stall the match", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ bindings: [solreiBinding], env: { PROMPT_TIMEOUT_MS: "1000", TURN_BANK_MS: "500" } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("re-placing a card in OPEN over and over does not restart the time: the default confirms for the staller", async () => {
    const bots: BotPlayer[] = [];
    for (let seat = 0; seat < 2; seat++) {
      bots.push(await joinBot(t.wsUrl, "solrei", { name: `S${seat}`, seat: sampleSeatConfig(seat) }, { seed: `stall-${seat}`, idle: true }, bots[0]?.room.roomId));
    }
    const steps = () => (matchMaker.getLocalRoomById(bots[0]!.room.roomId) as unknown as { steps: ReplayStep[] }).steps;
    const autoConfirm = () => steps().some((s) => s.auto && (s.action as { type: string }).type === "confirm");
    await waitFor(() => bots.every((b) => b.room.state.status === "playing") || null, "start");
    // Both seats stall: whenever they may (re)place a card they do, and they never confirm.
    let stalls = 0;
    for (let i = 0; i < 2_000 && !autoConfirm(); i++) {
      for (const bot of bots) {
        const legal = bot.legal() as { type: string; card?: string }[];
        if (legal.length === 0) continue;
        const place = legal.filter((a) => a.type === "place");
        const choice = place.length > 0 ? place[i % place.length]! : (legal.find((a) => a.type !== "confirm") ?? legal[0]!);
        if (choice.type === "place") stalls++;
        await bot.room.request("act", { id: `${i}`, action: choice }, { timeout: 10_000 }).catch(() => {});
      }
      await new Promise((r) => setTimeout(r, 20)); // a person's pace, roughly; never asserted
    }
    expect(stalls).toBeGreaterThan(2);
    expect(autoConfirm()).toBe(true);
    for (const b of bots) await b.room.leave();
  }, 120_000);
});

describe("deadlines follow public facts only", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ bindings: gameBindings, env: { PROMPT_TIMEOUT_MS: "600000", TURN_BANK_MS: "600000" } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const matches = gameBindings.map((b) => {
    const game = b.engine.game;
    const presets = Object.values(b.engine.presets?.() ?? {});
    const players = game === "achroma" || game === "resonance" ? 3 : 2;
    return [game, { players, presets }] as const;
  });

  it.each(matches)("%s: while a seat stays an actor its public deadline does not move (full bot match)", async (game, { players, presets }) => {
    const last = new Map<string, { acting: boolean; deadline: number }>();
    const moves: string[] = [];
    let observed = 0;
    const onState = (state: any, bot: BotPlayer) => {
      if (state.status !== "playing") return;
      state.seats.forEach((slot: any, seat: number) => {
        const key = `${bot.seat}:${seat}`;
        const before = last.get(key);
        if (before?.acting && slot.acting && before.deadline !== slot.deadline) {
          moves.push(`seen by seat ${bot.seat}: seat ${seat}'s deadline moved at step ${state.step} while it kept acting`);
        }
        if (slot.acting) observed++;
        last.set(key, { acting: slot.acting, deadline: slot.deadline });
      });
    };
    const seats = Array.from({ length: players }, (_, i) => presets[i % presets.length]);
    await playBotMatch(t, game, {
      config: players === 2 ? {} : { players },
      seats,
      names: seats.map((_, i) => `D${i}`),
      seedPrefix: `deadline-${game}`,
      onState,
    });
    expect(observed).toBeGreaterThan(10);
    expect(moves.slice(0, 5)).toEqual([]);
  });
});
