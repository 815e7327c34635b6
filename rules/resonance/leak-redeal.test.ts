/**
 * Stronger hidden-information check (rules/core/strongLeakCheck.ts) over fuzzed positions, at every
 * player count: for each seat, re-deal what it cannot see (other hands with the Main Deck order,
 * every Personal Codex Deck order; cards shown to it by a pending choice kept) and re-seed the RNG;
 * views (seat and spectator), legal(seat), actors() and every action's accept/reject (code and
 * message) and visible events must not change. Sizes: see SIZES below.
 */
import { describe, expect, it } from "vitest";
import { checkPositions, envInt } from "../core/positions.ts";
import { seedRng } from "../core/rng.ts";
import { findLeaksStrong } from "../core/strongLeakCheck.ts";
import { seatsFor } from "./fuzzkit.ts";
import { resonanceEngine } from "./index.ts";
import { permuteHidden } from "./testkit.ts";

/** Per player count: [games, a position every n steps]; env CHECK_GAMES multiplies the games, CHECK_EVERY sets n. */
const SIZES: Record<number, [number, number]> = { 2: [6, 8], 3: [3, 8], 4: [2, 10] };
const GAMES = envInt("CHECK_GAMES", 1);
const gamesFor = (players: number) => GAMES * SIZES[players][0];

describe("hidden information, stronger check (resonance)", () => {
  for (const players of [2, 3, 4]) {
    const every = envInt("CHECK_EVERY", SIZES[players][1]);
    it(`${players} players, ${gamesFor(players)} random game(s), a position every ${every} steps: re-dealing what a seat cannot see and re-seeding the RNG changes nothing it can observe`, {
      timeout: 300_000,
    }, () => {
      const rng = { rng: seedRng(`leak2-resonance-${players}`) };
      const r = checkPositions(
        resonanceEngine,
        { players },
        (g) => seatsFor(players, g + 400),
        `leak2-resonance-${players}`,
        gamesFor(players),
        every,
        (s) => findLeaksStrong(resonanceEngine, s, players, rng, { redeal: permuteHidden, variants: 40 }),
      );
      expect(r.problems.slice(0, 5)).toEqual([]);
      expect(r.positions).toBeGreaterThan(3 * GAMES);
    });
  }
});
