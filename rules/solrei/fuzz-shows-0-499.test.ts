import { describe, expect, it } from "vitest";
import { runFuzz } from "./fuzzkit.ts";

describe("fuzz: seeded random Shows (0-499)", () => {
  it("500 random Shows end without error; cards accounted for, damage <= 7, no Rei survives its step after every step; replays verify", { timeout: 180_000 }, () => {
    const { steps } = runFuzz(0, 500);
    expect(steps).toBeGreaterThan(0);
  });
});
