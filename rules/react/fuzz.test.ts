import { describe, expect, it } from "vitest";
import { runFuzz } from "./fuzzkit.ts";

describe("fuzz: seeded random games", () => {
  it("300 random games end without error; cards, units per zone, chain size, tokens checked after every step; replays verify", { timeout: 120_000 }, () => {
    const { steps, reasons } = runFuzz(0, 300);
    expect(steps).toBeGreaterThan(0);
    expect(reasons.damage ?? 0).toBeGreaterThan(0);
    expect(reasons.deck_out ?? 0).toBeGreaterThan(0);
  });
});
