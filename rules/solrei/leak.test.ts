import { describe, expect, it } from "vitest";
import { findLeaks } from "../core/leakCheck.ts";
import { playRandomGame } from "../core/selfPlay.ts";
import { seedRng } from "../core/rng.ts";
import type { Engine } from "../core/engine.ts";
import { solreiEngine } from "./index.ts";
import { seatsFor } from "./fuzzkit.ts";
import { permuteHidden } from "./testkit.ts";
import type { State } from "./types.ts";

describe("IV.1 public knowledge: leak check", () => {
  it("IV.1 over 50 random Shows, no view or event reveals a hidden fact (hands, decks, face-down cards, unreadied Arts)", { timeout: 180_000 }, () => {
    const rng = { rng: seedRng("leak") };
    let checked = 0;
    for (let i = 0; i < 50; i++) {
      const states: State[] = [];
      playRandomGame(solreiEngine, {}, seatsFor(i * 7 + 3), `leak-${i}`, {
        onStep: (state, info) => {
          if (info.step % 7 === 0) states.push(state as State);
        },
      });
      for (const s of states) {
        if (s.outcome) continue;
        const leaks = findLeaks(solreiEngine, s, 2, rng, { permuteHidden });
        expect(leaks, `leak-${i} stage ${s.stage}`).toEqual([]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it("IV.1 sanity: a view that shows the Rival's hand is caught by findLeaks", () => {
    const leaky: Engine<any, any, any, any, any> = {
      ...solreiEngine,
      view: (s: State, viewer: number | null) => ({ ...solreiEngine.view(s, viewer), rivalHand: viewer === null ? [] : [...s.players[1 - viewer].hand] }),
    };
    const { replay } = playRandomGame(solreiEngine, {}, seatsFor(1), "leak-sanity", { maxSteps: 100_000 });
    expect(replay.steps.length).toBeGreaterThan(10);
    const cfg = solreiEngine.parseConfig({});
    let s = solreiEngine.setup(
      cfg,
      replay.seats.map((x) => solreiEngine.parseSeatConfig(x, cfg)),
      replay.seed,
    );
    for (const st of replay.steps.slice(0, 10)) s = solreiEngine.apply(s, st.seat, solreiEngine.parseAction(st.action)).state;
    const rng = { rng: seedRng("sanity") };
    expect(findLeaks(leaky, s, 2, rng, { permuteHidden }).length).toBeGreaterThan(0);
    expect(findLeaks(solreiEngine, s, 2, rng, { permuteHidden })).toEqual([]);
  });

  it("IV.1 sanity: an event telling the Rival which card was placed is caught by findLeaks", () => {
    const leaky: Engine<any, any, any, any, any> = {
      ...solreiEngine,
      apply: (s: State, seat: number, a: any) => {
        const r = solreiEngine.apply(s, seat, a);
        return { ...r, events: r.events.map((e) => (e.to ? { ...e, to: undefined } : e)) };
      },
    };
    const rng = { rng: seedRng("sanity2") };
    let found = 0;
    for (let i = 0; i < 5; i++) {
      playRandomGame(solreiEngine, {}, seatsFor(i), `leak-sanity-${i}`, {
        onStep: (state, info) => {
          if (info.step % 5 === 0 && !(state as State).outcome) found += findLeaks(leaky, state, 2, rng, { permuteHidden }).length;
        },
      });
    }
    expect(found).toBeGreaterThan(0);
  });
});
