/**
 * Stronger hidden-information check (rules/core/strongLeakCheck.ts) over fuzzed positions, for
 * every ordered pair of Artists: for each seat, re-deal what it cannot see (the opponent's hand and
 * deck, its own deck order) and re-seed the RNG; views (seat and spectator), legal(seat), actors()
 * and every action's accept/reject (code and message) and visible events must not change.
 * Sizes: env CHECK_GAMES (default 1) games per pair, a position every CHECK_EVERY (default 6) steps.
 */
import { describe, expect, it } from "vitest";
import { checkPositions, envInt } from "../core/positions.ts";
import { seedRng } from "../core/rng.ts";
import { findLeaksStrong } from "../core/strongLeakCheck.ts";
import { artistPairs, reactEngine } from "./index.ts";
import { permuteHidden } from "./testkit.ts";

const GAMES = envInt("CHECK_GAMES", 1);
const EVERY = envInt("CHECK_EVERY", 6);

describe("hidden information, stronger check (react)", () => {
  for (const pair of artistPairs()) {
    const name = pair.map((c) => (c as { artist: string }).artist).join("-");
    it(`${name}: ${GAMES} random game(s), a position every ${EVERY} steps: re-dealing what a seat cannot see and re-seeding the RNG changes nothing it can observe`, { timeout: 120_000 }, () => {
      const rng = { rng: seedRng(`leak2-react-${name}`) };
      const r = checkPositions(
        reactEngine,
        {},
        () => pair,
        `leak2-react-${name}`,
        GAMES,
        EVERY,
        (s) => findLeaksStrong(reactEngine, s, 2, rng, { redeal: permuteHidden }),
      );
      expect(r.problems.slice(0, 5)).toEqual([]);
      expect(r.positions).toBeGreaterThan(3 * GAMES);
    });
  }
});
