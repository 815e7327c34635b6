/**
 * legal() is complete and sound over fuzzed positions (rules/core/legalCheck.ts), at every player
 * count: every legal action is accepted, and every near-miss variant apply accepts is listed.
 * Sizes: env CHECK_GAMES (default 1) games per player count, a position every CHECK_EVERY
 * (default 6) steps.
 */
import { describe, expect, it } from "vitest";
import { checkLegalComplete } from "../core/legalCheck.ts";
import { checkPositions, envInt } from "../core/positions.ts";
import { seedRng } from "../core/rng.ts";
import { seatsFor } from "./fuzzkit.ts";
import { resonanceEngine } from "./index.ts";
import type { Action } from "./types.ts";

const GAMES = envInt("CHECK_GAMES", 1);
/** 2-player games are short: four times as many. */
const gamesFor = (players: number) => GAMES * (players === 2 ? 4 : 1);
const EVERY = envInt("CHECK_EVERY", 6);

/**
 * Exemptions (reported, not yet ruled on), each compared as one decision:
 *  - apply accepts a Critical Strike's fuel cards in any order (the discard order follows it)
 *    while legal() lists each set once;
 *  - apply accepts a Multiply attack's two targets either way round (`target`/`second`; the
 *    event's `targets` order follows it) while legal() lists each pair once (second > target).
 */
const canonical = (a: unknown) => {
  const x = a as Action;
  if (x.type === "fuel") return { ...x, cards: [...x.cards].sort() };
  if (x.type === "attack" && x.second !== undefined) {
    const [target, second] = [x.target, x.second].sort();
    return { ...x, target, second };
  }
  return x;
};

describe("legal() is complete (resonance)", () => {
  for (const players of [2, 3, 4]) {
    it(`${players} players, ${gamesFor(players)} random game(s), a position every ${EVERY} steps: each legal action is accepted, each accepted variant is legal`, { timeout: 300_000 }, () => {
      const rng = { rng: seedRng(`complete-resonance-${players}`) };
      const r = checkPositions(resonanceEngine, { players }, (g) => seatsFor(players, g + 300), `complete-resonance-${players}`, gamesFor(players), EVERY, (s) =>
        checkLegalComplete(resonanceEngine, s, players, rng, { allowAliases: true, canonical }),
      );
      expect(r.problems.slice(0, 5)).toEqual([]);
      expect(r.positions).toBeGreaterThan(3 * GAMES);
    });
  }
});
