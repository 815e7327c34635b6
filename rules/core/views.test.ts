/**
 * Engine contract: an engine's optional `views(state, viewers)` equals `view` for each viewer
 * (the room uses it to build every seat's and the spectator's view in one pass).
 */
import { describe, expect, it } from "vitest";
import { achromaEngine, samplePalette } from "../achroma/index.ts";
import { artistPairs, reactEngine } from "../react/index.ts";
import { resonanceEngine } from "../resonance/index.ts";
import { seatsFor as resonanceSeats } from "../resonance/fuzzkit.ts";
import { sampleSeatConfig as solreiSeat, solreiEngine } from "../solrei/index.ts";
import type { AnyEngine } from "./engine.ts";
import { playRandomGame } from "./selfPlay.ts";

const withViews: [AnyEngine, unknown, unknown[]][] = [
  [achromaEngine, { players: 2 }, [0, 1].map((i) => samplePalette(i))],
  [achromaEngine, { players: 4 }, [0, 1, 2, 3].map((i) => samplePalette(i))],
  [reactEngine, {}, artistPairs()[0]!],
  [resonanceEngine, { players: 2 }, resonanceSeats(2, 4)],
  [resonanceEngine, { players: 4 }, resonanceSeats(4, 5)],
  [solreiEngine, {}, [0, 1].map((i) => solreiSeat(i))],
];

describe.each(withViews.map(([engine, config, seats]) => ({ name: `${engine.game} ${seats.length}p`, engine, config, seats })))("$name", ({ engine, config, seats }) => {
  it("views(state, viewers) equals view(state, v) for the spectator and every seat, at every step of a random game", () => {
    const viewers = [null, ...seats.map((_, i) => i)];
    let checked = 0;
    playRandomGame(engine, config, seats, `views-${engine.game}-${seats.length}`, {
      onStep: (state, info) => {
        checked++;
        expect(engine.views!(state, viewers), `step ${info.step}`).toEqual(viewers.map((v) => engine.view(state, v)));
      },
    });
    expect(checked).toBeGreaterThan(20);
  });
});

it("every engine builds its views in one pass (views())", () => {
  for (const e of [achromaEngine, reactEngine, resonanceEngine, solreiEngine]) expect(typeof e.views).toBe("function");
});
