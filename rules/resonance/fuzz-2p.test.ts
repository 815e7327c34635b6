import { describe, expect, it } from "vitest";
import { runFuzz } from "./fuzzkit.ts";

// Default games fall with seats (a 4-player game is ~3x the steps of a 2-player one); FUZZ_GAMES overrides.
const GAMES = Number(process.env.FUZZ_GAMES || 1000);

describe("fuzz: seeded random games, 2 players", () => {
  it(`${GAMES} random 2-player games end without error; 100 Main Deck cards accounted for, EN 0..10, <= 2 Player actions per turn, Command Limit held after every step; replays verify`, {
    timeout: 900_000,
  }, () => {
    const stats = runFuzz(2, 0, GAMES);
    expect(stats.games).toBe(GAMES);
    // R9: the turn limit is a safety net, not the normal end
    expect(stats.turnCap).toBeLessThanOrEqual(Math.ceil(GAMES / 100));
  });
});
