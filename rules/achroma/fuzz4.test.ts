import { describe, expect, it } from "vitest";
import { fuzzGames, runFuzz } from "./fuzzkit.ts";

// One file per player count so CI's cores run them in parallel. FUZZ_GAMES sets the count (CI: 2000).
const players = 4;
const games = fuzzGames();

describe(`fuzz: ${players} players`, () => {
  it(`${players} players: ${games} seeded random games end without error; after every step each owner's 30 cards are accounted for once, no bank is negative, at most 3 counted Deploys (R12 turn cap reported); every replay re-simulates to its final hash`, { timeout: 600_000 }, () => {
    const started = performance.now();
    const { steps, reasons, turnCap } = runFuzz(players, 0, games);
    expect(steps).toBeGreaterThan(games * 20);
    expect(Object.values(reasons).reduce((a, b) => a + b, 0)).toBe(games);
    process.stdout.write(`achroma fuzz ${players}p: ${games} games, ${steps} steps, turn cap (R12) hit ${turnCap}x, ${JSON.stringify(reasons)}, ${((performance.now() - started) / 1000).toFixed(1)}s\n`);
  });
});
