import { describe, expect, it } from "vitest";
import type { Engine } from "../core/engine.ts";
import { findLeaks } from "../core/leakCheck.ts";
import { seedRng } from "../core/rng.ts";
import { playRandomGame } from "../core/selfPlay.ts";
import { seatsFor } from "./fuzzkit.ts";
import { achromaEngine } from "./index.ts";
import { permuteHidden } from "./testkit.ts";
import type { State } from "./types.ts";

describe("hidden information: leak check", () => {
  it("over random 2-, 3- and 4-player games no view or event reveals other hands, Palette orders, SECRET cards, RESEARCH looks or FIND choices", { timeout: 120_000 }, () => {
    const rng = { rng: seedRng("leak") };
    let checked = 0;
    for (let i = 0; i < 12; i++) {
      const players = 2 + (i % 3);
      const states: State[] = [];
      playRandomGame(achromaEngine, { players }, seatsFor(players, i), `leak-${i}`, {
        onStep: (st, info) => {
          if (info.step % 5 === 0) states.push(st as State);
        },
      });
      for (const s of states) {
        if (s.outcome) continue;
        expect(findLeaks(achromaEngine, s, players, rng, { permuteHidden }), `leak-${i} turn ${s.turn}`).toEqual([]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(200);
  });

  it("sanity: a view showing another player's hand is caught", () => {
    const leaky: Engine<any, any, any, any, any> = {
      ...achromaEngine,
      view: (s: State, viewer: number | null) => ({ ...achromaEngine.view(s, viewer), spy: s.players.map((p) => p.hand) }),
    };
    const { replay } = playRandomGame(achromaEngine, { players: 2 }, seatsFor(2, 1), "sanity");
    const cfg = achromaEngine.parseConfig({ players: 2 });
    let s = achromaEngine.setup(
      cfg,
      replay.seats.map((x) => achromaEngine.parseSeatConfig(x, cfg)),
      replay.seed,
    );
    for (const st of replay.steps.slice(0, 8)) s = achromaEngine.apply(s, st.seat, st.action as never).state;
    expect(findLeaks(leaky, s, 2, { rng: seedRng("x") }, { permuteHidden }).length).toBeGreaterThan(0);
  });
});
