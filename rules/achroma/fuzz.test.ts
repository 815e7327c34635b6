import { describe, expect, it } from "vitest";
import { runFuzz } from "./fuzzkit.ts";

describe("fuzz: seeded random games", () => {
  for (const [players, games] of [[2, 60], [3, 30], [4, 25], [6, 15]] as const) {
    it(`${players} players: ${games} random games end without error; every card exactly once, no negative bank after every step; replays verify`, { timeout: 120_000 }, () => {
      const { steps, reasons } = runFuzz(players, 0, games);
      expect(steps).toBeGreaterThan(games * 20);
      expect(Object.values(reasons).reduce((a, b) => a + b, 0)).toBe(games);
    });
  }
});
