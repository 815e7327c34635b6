import { describe, expect, it } from "vitest";
import type { Engine } from "../core/engine.ts";
import { findLeaks } from "../core/leakCheck.ts";
import { seedRng } from "../core/rng.ts";
import { playRandomGame } from "../core/selfPlay.ts";
import { seatsFor } from "./fuzzkit.ts";
import { resonanceEngine } from "./index.ts";
import { permuteHidden } from "./testkit.ts";
import type { State } from "./types.ts";

const GAMES = Number(process.env.LEAK_GAMES ?? 12);

describe("view(): hidden information", () => {
  for (const players of [2, 3, 4]) {
    it(`no view or event reveals a hand, the Main Deck order or a Codex Deck order (${players} players, ${GAMES} games)`, { timeout: 180_000 }, () => {
      const rng = { rng: seedRng(`leak-${players}`) };
      let checked = 0;
      for (let i = 0; i < GAMES; i++) {
        const states: State[] = [];
        playRandomGame(resonanceEngine, { players }, seatsFor(players, i + 100), `leak-${players}-${i}`, {
          onStep: (state, info) => {
            if (info.step % 5 === 0) states.push(state as State);
          },
        });
        for (const s of states) {
          if (s.outcome) continue;
          const leaks = findLeaks(resonanceEngine, s, players, rng, { permuteHidden });
          expect(leaks, `leak-${players}-${i} turn ${s.turn}`).toEqual([]);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(50);
    });
  }

  it("sanity: a view that shows another seat's hand is caught", () => {
    const leaky: Engine<any, any, any, any, any> = {
      ...resonanceEngine,
      view: (s: State, viewer: number | null) => ({ ...resonanceEngine.view(s, viewer), other: viewer === null ? [] : [...s.players[(viewer + 1) % s.players.length].hand] }),
    };
    const { replay } = playRandomGame(resonanceEngine, { players: 2 }, seatsFor(2, 1), "leak-sanity");
    const cfg = resonanceEngine.parseConfig({ players: 2 });
    let s = resonanceEngine.setup(
      cfg,
      replay.seats.map((x) => resonanceEngine.parseSeatConfig(x, cfg)),
      replay.seed,
    );
    for (const st of replay.steps.slice(0, 15)) s = resonanceEngine.apply(s, st.seat, resonanceEngine.parseAction(st.action)).state;
    const rng = { rng: seedRng("sanity") };
    expect(findLeaks(leaky, s, 2, rng, { permuteHidden }).length).toBeGreaterThan(0);
    expect(findLeaks(resonanceEngine, s, 2, rng, { permuteHidden })).toEqual([]);
  });

  it("the view shows counts only: hand sizes, Main Deck size, Codex Deck sizes", () => {
    const { replay } = playRandomGame(resonanceEngine, { players: 3 }, seatsFor(3, 2), "leak-counts");
    const cfg = resonanceEngine.parseConfig({ players: 3 });
    let s = resonanceEngine.setup(
      cfg,
      replay.seats.map((x) => resonanceEngine.parseSeatConfig(x, cfg)),
      replay.seed,
    );
    for (const st of replay.steps.slice(0, 12)) s = resonanceEngine.apply(s, st.seat, resonanceEngine.parseAction(st.action)).state;
    const v = resonanceEngine.view(s, 0);
    expect(v.you!.hand).toEqual(s.players[0].hand);
    expect(v.players.map((p) => p.handCount)).toEqual(s.players.map((p) => p.hand.length));
    expect(v.players.map((p) => p.codexCount)).toEqual(s.players.map((p) => p.codexDeck.length));
    expect(v.mainDeckCount).toBe(s.mainDeck.length);
    const json = JSON.stringify(resonanceEngine.view(s, null));
    for (const p of s.players) for (const c of p.hand) expect(json).not.toContain(`"${c}"`);
    for (const c of s.mainDeck) expect(json).not.toContain(`"${c}"`);
  });
});
