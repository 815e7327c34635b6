/**
 * ReplayIndex (checkpoints + the event log) answers exactly what re-running the match from the
 * start answers: the same view and the same events for every viewer at any step, in every game.
 */
import { describe, expect, it } from "vitest";
import { achromaEngine } from "../achroma/index.ts";
import { seatsFor as achromaSeats } from "../achroma/fuzzkit.ts";
import { reactEngine, sampleSeatConfigs as reactSeats } from "../react/index.ts";
import { resonanceEngine } from "../resonance/index.ts";
import { seatsFor as resonanceSeats } from "../resonance/fuzzkit.ts";
import { solreiEngine } from "../solrei/index.ts";
import { seatsFor as solreiSeats } from "../solrei/fuzzkit.ts";
import type { AnyEngine } from "./engine.ts";
import { viewAtStep } from "./replay.ts";
import { ReplayIndex } from "./replayIndex.ts";
import { playRandomGame } from "./selfPlay.ts";

const cases: [AnyEngine, unknown, unknown[]][] = [
  [solreiEngine, {}, solreiSeats(3)],
  [achromaEngine, { players: 3 }, achromaSeats(3, 1)],
  [reactEngine, {}, reactSeats()],
  [resonanceEngine, { players: 3 }, resonanceSeats(3, 2)],
];

describe.each(cases.map(([engine, config, seats]) => ({ game: engine.game, engine, config, seats })))("$game", ({ engine, config, seats }) => {
  it("the view and events at sampled steps, for each seat and a spectator, equal a re-run from the start", () => {
    const { replay } = playRandomGame(engine, config, seats, `replay-index-${engine.game}`);
    const index = ReplayIndex.build(engine, replay, 7);
    expect(index.steps).toBe(replay.steps.length);
    const n = replay.steps.length;
    const sample = [0, 1, 6, 7, 8, Math.floor(n / 3), Math.floor(n / 2) + 3, n - 1, n, n + 5];
    for (const step of sample) {
      for (const viewer of [null, ...seats.map((_, i) => i)]) {
        expect(index.viewAt(step, viewer), `step ${step}, viewer ${viewer}`).toEqual(viewAtStep(engine, replay, Math.min(step, n), viewer));
      }
    }
  });
});

it("a stored match's events are grouped by the step that caused them, each event as the engine emitted it: an event's own `step` field (Achroma's skip, pass, divert, fizzle) is kept", () => {
  const seats = achromaSeats(3, 1);
  const { replay } = playRandomGame(achromaEngine, { players: 3 }, seats, "replay-index-achroma");
  // The events of every decision, straight from the engine.
  let state = achromaEngine.setup(
    achromaEngine.parseConfig({ players: 3 }),
    seats.map((s) => achromaEngine.parseSeatConfig(s, achromaEngine.parseConfig({ players: 3 }))),
    replay.seed,
  );
  const expected: { step: number; events: unknown[] }[] = [];
  replay.steps.forEach((s, i) => {
    const r = achromaEngine.apply(state, s.seat, achromaEngine.parseAction(s.action));
    state = r.state;
    if (r.events.length > 0) expected.push({ step: i + 1, events: r.events });
  });
  const own = expected.flatMap((g) => g.events).filter((e) => typeof (e as { step?: unknown }).step === "string");
  expect(own.length).toBeGreaterThan(0);
  const index = ReplayIndex.build(achromaEngine, replay);
  expect(index.eventsUpTo(replay.steps.length)).toEqual(expected);
  expect(index.eventsUpTo(10)).toEqual(expected.filter((g) => g.step <= 10));
});
