import { describe, expect, it } from "vitest";
import type { Engine } from "../core/engine.ts";
import { findLeaks } from "../core/leakCheck.ts";
import { seedRng } from "../core/rng.ts";
import { playRandomGame } from "../core/selfPlay.ts";
import { artistPairs, reactEngine, sampleSeatConfigs } from "./index.ts";
import { permuteHidden } from "./testkit.ts";
import type { State } from "./types.ts";

describe("hidden information: leak check", () => {
  it("every ordered pair of Artists (both seat orders): over 4 random games each, no view or event reveals a hand or a deck order", { timeout: 120_000 }, () => {
    const rng = { rng: seedRng("leak") };
    const perPair = new Map<string, number>();
    for (const pair of artistPairs()) {
      const name = pair.map((c) => (c as { artist: string }).artist).join("-");
      for (let i = 0; i < 4; i++) {
        // One of the four games uses the first-game opening (R4).
        playRandomGame(reactEngine, i === 3 ? { firstGame: true } : {}, pair, `leak-${name}-${i}`, {
          onStep: (state, info) => {
            if (info.step % 5 !== 0 || (state as State).outcome) return;
            expect(findLeaks(reactEngine, state, 2, rng, { permuteHidden }), `${name} game ${i} step ${info.step}`).toEqual([]);
            perPair.set(name, (perPair.get(name) ?? 0) + 1);
          },
        });
      }
    }
    expect(perPair.size).toBe(12);
    for (const [name, n] of perPair) expect(n, name).toBeGreaterThan(10);
  });

  it("sanity: a view showing the opponent's hand is caught", () => {
    const leaky: Engine<any, any, any, any, any> = {
      ...reactEngine,
      view: (s: State, viewer: number | null) => ({ ...reactEngine.view(s, viewer), oppHand: viewer === null ? [] : [...s.players[1 - viewer].hand] }),
    };
    const { replay } = playRandomGame(reactEngine, {}, sampleSeatConfigs(), "leak-sanity");
    const cfg = reactEngine.parseConfig({});
    let s = reactEngine.setup(
      cfg,
      replay.seats.map((x) => reactEngine.parseSeatConfig(x, cfg)),
      replay.seed,
    );
    for (const st of replay.steps.slice(0, 6)) s = reactEngine.apply(s, st.seat, st.action as never).state;
    const rng = { rng: seedRng("sanity") };
    expect(findLeaks(leaky, s, 2, rng, { permuteHidden }).length).toBeGreaterThan(0);
  });

  it("sanity: making the private 'drew' event public is caught", () => {
    const leaky: Engine<any, any, any, any, any> = {
      ...reactEngine,
      apply: (s: State, seat: number, a: any) => {
        const r = reactEngine.apply(s, seat, a);
        return { ...r, events: r.events.map((e) => (e.to ? { ...e, to: undefined } : e)) };
      },
    };
    const rng = { rng: seedRng("sanity2") };
    let found = 0;
    for (let i = 0; i < 5; i++) {
      playRandomGame(reactEngine, {}, sampleSeatConfigs(), `leak-sanity-${i}`, {
        onStep: (state) => {
          if (!(state as State).outcome && (state as State).chain.length === 0) found += findLeaks(leaky, state, 2, rng, { permuteHidden }).length;
        },
      });
    }
    expect(found).toBeGreaterThan(0);
  });
});
