/**
 * Play flow over the real protocol: decisions nobody needs to be asked for are made by the room
 * at once (forced from public facts alone, or the seat's "no_choice" stop), recorded in the
 * replay as such, and every replay still re-simulates to its hash.
 */
import { Client } from "@colyseus/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnyEngine, Seat } from "../rules/core/engine.ts";
import { canonicalJson } from "../rules/core/hash.ts";
import { gameBindings } from "../rooms/registry.ts";
import { verifyReplay } from "../rules/core/replay.ts";
import { artistPairs, reactEngine } from "../rules/react/index.ts";
import { sampleSeatConfig, solreiEngine } from "../rules/solrei/index.ts";
import { achromaEngine } from "../rules/achroma/index.ts";
import { seatsFor as achromaSeats } from "../rules/achroma/fuzzkit.ts";
import { joinBot } from "./support/botClient.ts";
import { fetchStored, playBotMatch } from "./support/botMatch.ts";
import { startTestServer, waitFor, type TestServer } from "./support/testServer.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ bindings: gameBindings, env: { PROMPT_TIMEOUT_MS: "0", BOT_THINK_MIN_MS: "1", BOT_THINK_MAX_MS: "5" } });
});
afterAll(async () => {
  await t?.close();
});

interface Step {
  seat: Seat;
  action: unknown;
  auto?: true | "forced" | "stop";
}

/**
 * Re-simulates the stored replay, checking each step's `auto` against the rules: "forced" exactly
 * where the engine had a forced decision (none missed), "stop" only for `stopSeats`, and a seat of
 * `noChoiceSeats` never asked a decision that was its only one. A seat with only a "pass until"
 * stop may be: a lone choice the engine does not force (SolRei's SWAP over a CHARGE card, which
 * must not tell the Rival what was placed) is still asked.
 */
function checkUnasked(
  engine: AnyEngine,
  replay: { config: unknown; seats: unknown[]; seed: string; steps: Step[]; finalHash: string },
  stopSeats: ReadonlySet<Seat>,
  noChoiceSeats: ReadonlySet<Seat> = stopSeats,
) {
  const counts = { forced: 0, stop: 0, asked: 0 };
  const cfg = engine.parseConfig(replay.config);
  let state = engine.setup(
    cfg,
    replay.seats.map((s) => engine.parseSeatConfig(s, cfg)),
    replay.seed,
  );
  for (const step of replay.steps) {
    const forced = engine.forced!(state, step.seat);
    const legal = engine.legal(state, step.seat);
    if (step.auto === "forced") {
      expect(canonicalJson(step.action)).toBe(canonicalJson(forced));
      counts.forced++;
    } else {
      // No forced decision of any actor was left to ask.
      for (const a of engine.actors(state) as Seat[]) expect(engine.forced!(state, a)).toBeNull();
      if (step.auto === "stop") {
        expect(stopSeats.has(step.seat)).toBe(true);
        const passes = Object.values(engine.passStops ?? {}).map((s) => canonicalJson(s.pass(state, step.seat)));
        expect(legal.length === 1 || passes.includes(canonicalJson(step.action))).toBe(true);
        counts.stop++;
      } else if (step.auto === undefined) {
        counts.asked++;
        if (noChoiceSeats.has(step.seat)) expect(legal.length).toBeGreaterThan(1);
      }
    }
    state = engine.apply(state, step.seat, step.action).state;
  }
  expect(verifyReplay(engine, replay as never).ok).toBe(true);
  return counts;
}

describe("decisions nobody is asked for", () => {
  it('Re;ACT: forced decisions are made at once, stored as auto "forced", and the replay re-simulates to its hash', async () => {
    const { finished } = await playBotMatch(t, "react", { config: {}, seats: artistPairs()[1]!, names: ["Ann", "Bo"], seedPrefix: "flow-react" });
    const { replay } = await fetchStored(t, finished[0]!.matchId);
    const counts = checkUnasked(reactEngine, replay, new Set());
    expect(counts.forced).toBeGreaterThan(0);
    expect(counts.stop).toBe(0);
  }, 180_000);

  it('Achroma 3p: a seat that joined with the "no_choice" stop has its only decisions made for it (auto "stop"); only it sees its stops', async () => {
    // About one random 3-player match in nine never leaves seat 0 a lone unforced decision, so
    // matches are played until one does (the checks hold on every match played).
    const seats = achromaSeats(3, 4);
    const total = { forced: 0, stop: 0 };
    for (let round = 0; round < 5 && total.stop === 0; round++) {
      const bots: Awaited<ReturnType<typeof joinBot>>[] = [];
      for (let seat = 0; seat < 3; seat++) {
        const opts = { name: `P${seat}`, config: { players: 3 }, seat: seats[seat], ...(seat === 0 ? { stops: ["no_choice"] } : {}) };
        bots.push(await joinBot(t.wsUrl, "achroma", opts, { seed: `flow-achroma-${round}-${seat}` }, bots[0]?.room.roomId));
      }
      await waitFor(() => (bots[0]!.room.state as any).status === "playing", "playing");
      expect((bots[0]!.room.state as any).seats[0].stops).toBe('["no_choice"]');
      expect((bots[1]!.room.state as any).seats[0].stops).toBeUndefined(); // a view field: its own seat only
      const finished = await Promise.all(bots.map((b) => b.untilFinished()));
      for (const b of bots) expect(b.rejections).toEqual([]);
      const { replay } = await fetchStored(t, finished[0]!.matchId);
      const counts = checkUnasked(achromaEngine, replay, new Set([0]));
      total.forced += counts.forced;
      total.stop += counts.stop;
    }
    expect(total.forced).toBeGreaterThan(0);
    expect(total.stop).toBeGreaterThan(0);
  }, 600_000);

  it('SolRei: "until_end_of_round" passes the seat\'s priority windows until the round ends, then ends by itself', async () => {
    const a = await joinBot(t.wsUrl, "solrei", { name: "A", seat: sampleSeatConfig(1) }, { seed: "until-a" });
    const stopsSeen: string[] = [];
    const b = await joinBot(
      t.wsUrl,
      "solrei",
      // Asked at the join, the stop is the seat's before its first decision: no request racing the
      // bots' first moves decides which round it is for.
      { name: "B", seat: sampleSeatConfig(2), stops: ["until_end_of_round"] },
      {
        seed: "until-b",
        onState: (s: any) => {
          const mine = s.seats?.[1]?.stops;
          if (mine && stopsSeen.at(-1) !== mine) stopsSeen.push(mine);
        },
      },
      a.room.roomId,
    );
    const finished = await Promise.all([a.untilFinished(), b.untilFinished()]);
    const { replay } = await fetchStored(t, finished[0]!.matchId);
    const counts = checkUnasked(solreiEngine, replay, new Set([1]), new Set());
    expect(counts.stop).toBeGreaterThan(0);
    // Shown on the seat, then gone once its round was over.
    expect(stopsSeen).toContain('["until_end_of_round"]');
    expect(stopsSeen.at(-1)).toBe("[]");
  }, 240_000);

  it("the stops message: set and cleared mid-match with a reply; refused with a clear code when malformed or from a spectator", async () => {
    const a = await joinBot(t.wsUrl, "react", { name: "A", seat: artistPairs()[2]![0] }, { seed: "stops-a", idle: true });
    const b = await joinBot(t.wsUrl, "react", { name: "B", seat: artistPairs()[2]![1] }, { seed: "stops-b", idle: true }, a.room.roomId);
    await waitFor(() => (a.room.state as any).status === "playing", "playing");
    expect(await a.room.request("stops", { id: 1, stops: ["no_choice"] })).toEqual({ id: 1, ok: true, stops: ["no_choice"] });
    await waitFor(() => (a.room.state as any).seats[a.seat!].stops === '["no_choice"]', "stops shown");
    expect(await a.room.request("stops", { stops: [] })).toEqual({ id: null, ok: true, stops: [] });
    await waitFor(() => (a.room.state as any).seats[a.seat!].stops === "[]", "stops cleared");
    for (const bad of [{ stops: ["until_forever"] }, { stops: "no_choice" }, { stops: [], extra: 1 }, null, { stops: ["x".repeat(41)] }]) {
      await expect(b.room.request("stops", bad)).rejects.toMatchObject({ reason: { code: "bad_message" } });
    }
    await expect(b.room.request("stops", { stops: ["until_end_of_round"] })).rejects.toMatchObject({
      reason: { code: "bad_message", message: expect.stringMatching(/unknown stop "until_end_of_round".*"until_end_of_turn"/) },
    });
    const watcher = await new Client(t.wsUrl).joinById(a.room.roomId, { spectate: true });
    await expect(watcher.request("stops", { stops: ["no_choice"] })).rejects.toMatchObject({ reason: { code: "wrong_seat" } });
    const step = (a.room.state as any).step;
    expect((b.room.state as any).step).toBe(step); // nothing changed
    await watcher.leave();
    await a.room.leave();
    await b.room.leave();
  }, 120_000);
});
