import { describe, expect, it } from "vitest";
import { runFuzz } from "./fuzzkit.ts";
import { artistPairs } from "./index.ts";

describe("fuzz: seeded random games", () => {
  it("every ordered pair of different Artists: 360 random games end without error; cards, units per zone, chain size, tokens, tiles, Armament checked after every step; replays verify", { timeout: 120_000 }, () => {
    const { steps, reasons, pairs } = runFuzz(0, 360);
    expect(pairs.size).toBe(artistPairs().length);
    expect(pairs.size).toBe(12);
    expect(steps).toBeGreaterThan(0);
    expect(reasons.damage ?? 0).toBeGreaterThan(0);
    expect(reasons.deck_out ?? 0).toBeGreaterThan(0);
  });
});
