/**
 * The seeded random-game suite for one player count. Each count has its own test file
 * (fuzz2/3/4/6.test.ts) so CI's cores run them in parallel. FUZZ_GAMES sets the count; by
 * default it falls with the seat count (a 6-player game is ~7x the steps of a 2-player one),
 * each count still large enough that its seeds exercise every keyword mechanic (checked below).
 */
import { describe, expect, it } from "vitest";
import { fuzzGames, MECHANIC_EVENTS, runFuzz } from "./fuzzkit.ts";

/** Default games per seat count: about the same steps in each file (2p 2000 games ≈ 324k steps). */
const DEFAULT_GAMES: Record<number, number> = { 2: 2000, 3: 1000, 4: 600, 5: 500, 6: 400 };

export function defineFuzzSuite(players: number): void {
  const games = fuzzGames(DEFAULT_GAMES[players] ?? 500);
  const full = games >= (DEFAULT_GAMES[players] ?? 500);

  describe(`fuzz: ${players} players`, () => {
    it(`${players} players: ${games} seeded random games end without error; after every step each owner's 30 cards are accounted for once, no bank is negative, at most 3 counted Deploys (R12 turn cap reported); every replay re-simulates to its final hash`, {
      timeout: 600_000,
    }, () => {
      const started = performance.now();
      const { steps, reasons, turnCap, events } = runFuzz(players, 0, games);
      expect(steps).toBeGreaterThan(games * 20);
      expect(Object.values(reasons).reduce((a, b) => a + b, 0)).toBe(games);
      // With the default count or more, the random games exercise every keyword mechanic.
      if (full) expect(MECHANIC_EVENTS.filter((e) => !events[e])).toEqual([]);
      process.stdout.write(
        `achroma fuzz ${players}p: ${games} games, ${steps} steps, turn cap (R12) hit ${turnCap}x, ${JSON.stringify(reasons)}, mechanics ${JSON.stringify(Object.fromEntries(MECHANIC_EVENTS.map((e) => [e, events[e] ?? 0])))}, ${((performance.now() - started) / 1000).toFixed(1)}s\n`,
      );
    });
  });
}
