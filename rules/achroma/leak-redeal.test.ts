/**
 * Stronger hidden-information check (rules/core/strongLeakCheck.ts) over fuzzed positions, at every
 * player count: for each seat, re-deal what it cannot see (other hands, every Palette order but the
 * cards it looks at with RESEARCH, face-down SECRET cards) and re-seed the RNG; views (seat and
 * spectator), legal(seat), actors() and every action's accept/reject (code and message) and visible
 * events must not change. Sizes: see SIZES below.
 */
import { describe, expect, it } from "vitest";
import { checkPositions, envInt } from "../core/positions.ts";
import { seedRng, type HasRng } from "../core/rng.ts";
import { findLeaksStrong } from "../core/strongLeakCheck.ts";
import { seatsFor } from "./fuzzkit.ts";
import { achromaEngine } from "./index.ts";
import { CARDS } from "./cards.ts";
import { A, main, newGame, permuteHidden, toHand } from "./testkit.ts";
import type { State } from "./types.ts";

/** Per player count: [games, a position every n steps]; env CHECK_GAMES multiplies the games, CHECK_EVERY sets n. */
const SIZES: Record<number, [number, number]> = { 2: [4, 5], 3: [1, 5], 4: [1, 6], 6: [1, 10] };
const GAMES = envInt("CHECK_GAMES", 1);
const gamesFor = (players: number) => GAMES * SIZES[players][0];

describe("hidden information, stronger check (achroma)", () => {
  for (const players of [2, 3, 4, 6]) {
    const every = envInt("CHECK_EVERY", SIZES[players][1]);
    it(`${players} players, ${gamesFor(players)} random game(s), a position every ${every} steps: re-dealing what a seat cannot see and re-seeding the RNG changes nothing it can observe`, {
      timeout: 300_000,
    }, () => {
      const rng = { rng: seedRng(`leak2-achroma-${players}`) };
      const r = checkPositions(
        achromaEngine,
        { players },
        (g) => seatsFor(players, g + 11),
        `leak2-achroma-${players}`,
        gamesFor(players),
        every,
        (s) => findLeaksStrong(achromaEngine, s, players, rng, { redeal: permuteHidden }),
      );
      expect(r.problems.slice(0, 5)).toEqual([]);
      expect(r.positions).toBeGreaterThan(5 * GAMES);
    });
  }
});

describe("re-dealing around a pending choice among hidden cards (FIND, RESEARCH)", () => {
  /** Seat 0 FINDs an Object with one Object left in its Palette and a large hand to re-deal it into. */
  function findPending(): State {
    let s = main(newGame(2, { first: 0 }));
    const oracle = toHand(s, 0, "kiln-oracle");
    const p = s.players[0];
    const objects = p.palette.filter((c) => CARDS[s.cards[c].def].type === "object");
    p.dregs.push(...objects.slice(1));
    p.palette = p.palette.filter((c) => !objects.slice(1).includes(c));
    p.hand.push(...p.palette.splice(0, 8).filter((c) => c !== objects[0]));
    s = A(s, 0, { type: "deploy", card: oracle });
    expect(s.prompt).toMatchObject({ kind: "choose", seat: 0, options: [s.cards[objects[0]!].def] });
    return s;
  }

  it("another seat's FIND, re-dealt for the viewer, still offers only cards of the type in the chooser's Palette", () => {
    const s = findPending();
    const rng = { rng: seedRng("find-redeal") };
    for (let t = 0; t < 40; t++) {
      const alt = permuteHidden(s, 1, rng);
      const options = (alt.prompt as { options: string[] }).options;
      expect(options.length).toBeGreaterThan(0);
      for (const def of options) expect(alt.players[0].palette.some((c) => alt.cards[c].def === def)).toBe(true);
    }
  });

  it("the chooser's own FIND, re-dealt for the chooser, offers what it offered (its options are what it knows of its Palette)", () => {
    const s = findPending();
    const rng = { rng: seedRng("find-redeal-own") };
    for (let t = 0; t < 40; t++) expect(permuteHidden(s, 0, rng).prompt).toEqual(s.prompt);
  });

  it("the strong check finds no crash around it: the other seat's FIND answered in a re-dealt world leaves a game the engine can go on with", () => {
    const s = findPending();
    const rng = { rng: seedRng("find-redeal-strong") };
    expect(findLeaksStrong(achromaEngine, s, 2, rng, { redeal: permuteHidden, redeals: 20 })).toEqual([]);
  });

  it("sanity: a re-deal that leaves the pending FIND naming a card no longer in the Palette is reported as a crash, not skipped", () => {
    const s = findPending();
    const rng = { rng: seedRng("find-redeal-broken") };
    // Swaps the one Object in seat 0's Palette with a card of its hand, leaving the FIND as it was.
    const naive = (state: unknown, viewer: number, _: HasRng) => {
      const alt = structuredClone(state as State);
      const p = alt.players[0];
      const k = p.palette.findIndex((c) => CARDS[alt.cards[c].def].type === "object");
      if (viewer === 1) [p.palette[k], p.hand[0]] = [p.hand[0]!, p.palette[k]!];
      return alt;
    };
    const leaks = findLeaksStrong(achromaEngine, s, 2, rng, { redeal: naive, redeals: 1 });
    expect(leaks.some((l) => l.kind === "crash")).toBe(true);
  });
});
