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
