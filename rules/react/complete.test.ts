/**
 * legal() is complete and sound over fuzzed positions (rules/core/legalCheck.ts), for every
 * ordered pair of Artists: every legal action is accepted, and every near-miss variant apply
 * accepts is listed. Sizes: env CHECK_GAMES (default 1) games per pair, a position every
 * CHECK_EVERY (default 4) steps.
 */
import { describe, expect, it } from "vitest";
import { checkLegalComplete } from "../core/legalCheck.ts";
import { checkPositions, envInt } from "../core/positions.ts";
import { seedRng } from "../core/rng.ts";
import { artistPairs, reactEngine } from "./index.ts";

const GAMES = envInt("CHECK_GAMES", 1);
const EVERY = envInt("CHECK_EVERY", 4);

describe("legal() is complete (react)", () => {
  for (const pair of artistPairs()) {
    const name = pair.map((c) => (c as { artist: string }).artist).join("-");
    it(`${name}: ${GAMES} random game(s), a position every ${EVERY} steps: each legal action is accepted, each accepted variant is legal`, { timeout: 120_000 }, () => {
      const rng = { rng: seedRng(`complete-react-${name}`) };
      const r = checkPositions(
        reactEngine,
        {},
        () => pair,
        `complete-react-${name}`,
        GAMES,
        EVERY,
        (s) => checkLegalComplete(reactEngine, s, 2, rng, { allowAliases: true }),
      );
      expect(r.problems.slice(0, 5)).toEqual([]);
      expect(r.positions).toBeGreaterThan(3 * GAMES);
    });
  }
});
