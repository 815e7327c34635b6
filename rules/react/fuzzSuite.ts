/**
 * The seeded random-game suite for one pair of Artists. Each pair has its own test file
 * (fuzz-<a>-<b>.test.ts) so CI's cores run the pairs in parallel. Count: env FUZZ_GAMES
 * (default 2,000); FUZZ_REPORT=1 prints per-pair figures.
 */
import { expect, it } from "vitest";
import { fuzzGames, runPairFuzz } from "./fuzzkit.ts";
import type { ArtistId } from "./types.ts";

const title = (id: string) => id[0]!.toUpperCase() + id.slice(1);

export function definePairFuzz(a: ArtistId, b: ArtistId): void {
  const games = fuzzGames();
  it(`fuzz ${title(a)} vs ${title(b)}: ${games} seeded random games (seats alternate) end without error; invariants after every step; every replay re-simulates to its final hash`, {
    timeout: 900_000,
  }, () => {
    const r = runPairFuzz(a, b, games);
    expect(r.seat0).toEqual({ [a]: Math.ceil(games / 2), [b]: Math.floor(games / 2) });
    expect(Object.values(r.reasons).reduce((x, y) => x + y, 0)).toBe(games);
    if (games >= 100) expect(r.reasons.damage ?? 0).toBeGreaterThan(0);
    if (process.env.FUZZ_REPORT)
      process.stdout.write(`${JSON.stringify({ pair: `${a}-${b}`, games, msPerGame: +(r.ms / games).toFixed(2), stepsPerGame: +(r.steps / games).toFixed(1), reasons: r.reasons })}\n`);
  });
}
