/**
 * Stronger hidden-information check (rules/core/strongLeakCheck.ts) over fuzzed positions: for each
 * seat, re-deal what it cannot see (the Rival's hand, deck, CULTIVATEd and CHECKed cards, an
 * unrevealed Action Card, face-down Arts; its own deck and CULTIVATEd cards) and re-seed the RNG;
 * views (seat and spectator), legal(seat), actors() and every action's accept/reject (code and
 * message) and visible events must not change. Sizes: env CHECK_GAMES (default 1) games, a
 * position every CHECK_EVERY (default 10) steps.
 */
import { describe, expect, it } from "vitest";
import { checkPositions, envInt } from "../core/positions.ts";
import { seedRng } from "../core/rng.ts";
import { findLeaksStrong } from "../core/strongLeakCheck.ts";
import { seatsFor } from "./fuzzkit.ts";
import { solreiEngine } from "./index.ts";
import { permuteHidden } from "./testkit.ts";

const GAMES = envInt("CHECK_GAMES", 1);
const EVERY = envInt("CHECK_EVERY", 10);

describe("hidden information, stronger check (solrei, 2 players)", () => {
  it(`over ${GAMES} random Show(s), a position every ${EVERY} steps: re-dealing what a seat cannot see and re-seeding the RNG changes nothing it can observe`, { timeout: 300_000 }, () => {
    const rng = { rng: seedRng("leak2-solrei") };
    const r = checkPositions(
      solreiEngine,
      {},
      (g) => seatsFor(g * 5 + 2),
      "leak2-solrei",
      GAMES,
      EVERY,
      (s) => findLeaksStrong(solreiEngine, s, 2, rng, { redeal: permuteHidden }),
    );
    expect(r.problems.slice(0, 5)).toEqual([]);
    expect(r.positions).toBeGreaterThan(20 * GAMES);
  });
});
