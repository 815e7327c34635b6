/**
 * The Resonance `normal` bot (bot.ts + rules/core/search.ts): it decides from its seat's view
 * only (its decision, bot seed fixed, survives a re-deal of what the seat cannot see by the leak
 * checks' kit), and it plays to win. Sizes: env CHECK_GAMES (default 1) random games, a
 * position every CHECK_EVERY (default 12) steps.
 */
import { describe, expect, it } from "vitest";
import { normalWinsAgainstRandom } from "../core/botMatch.ts";
import { findBotViewProblems } from "../core/botCheck.ts";
import { checkPositions, envInt } from "../core/positions.ts";
import { seedRng } from "../core/rng.ts";
import type { SearchHooks } from "../core/search.ts";
import { resonanceBot } from "./bot.ts";
import { resonanceEngine } from "./index.ts";
import { permuteHidden } from "./testkit.ts";
import { seatsFor } from "./fuzzkit.ts";

const GAMES = envInt("CHECK_GAMES", 1);
const EVERY = envInt("CHECK_EVERY", 12);

describe("Resonance normal bot", () => {
  it("2 players: the normal bot's decision is unchanged when what its seat cannot see is re-dealt, and always legal", { timeout: 120_000 }, () => {
    const rng = { rng: seedRng("bot-view-resonance-2") };
    const r = checkPositions(
      resonanceEngine,
      { players: 2 },
      (g) => seatsFor(2, g),
      "bot-view-resonance-2",
      GAMES,
      EVERY,
      (s) => findBotViewProblems(resonanceEngine, resonanceBot, s, permuteHidden, rng, "fixed-bot-seed"),
    );
    expect(r.problems.slice(0, 3)).toEqual([]);
    expect(r.positions).toBeGreaterThan(5 * GAMES);
  });

  it("3 players: the normal bot's decision is unchanged when what its seat cannot see is re-dealt, and always legal", { timeout: 120_000 }, () => {
    const rng = { rng: seedRng("bot-view-resonance-3") };
    const r = checkPositions(
      resonanceEngine,
      { players: 3 },
      (g) => seatsFor(3, g + 1),
      "bot-view-resonance-3",
      GAMES,
      EVERY,
      (s) => findBotViewProblems(resonanceEngine, resonanceBot, s, permuteHidden, rng, "fixed-bot-seed"),
    );
    expect(r.problems.slice(0, 3)).toEqual([]);
    expect(r.positions).toBeGreaterThan(5 * GAMES);
  });

  it("the check catches a bot that reads the hidden cards (worlds not re-dealt)", { timeout: 120_000 }, () => {
    const cheat = { ...resonanceBot, determinize: (s: unknown) => structuredClone(s) } as SearchHooks;
    const rng = { rng: seedRng("bot-view-cheat-resonance") };
    const r = checkPositions(
      resonanceEngine,
      { players: 2 },
      (g) => seatsFor(2, g),
      "bot-view-resonance-2",
      GAMES,
      EVERY,
      (s) => findBotViewProblems(resonanceEngine, cheat, s, permuteHidden, rng, "fixed-bot-seed"),
    );
    expect(r.problems.filter((p) => p.problem.kind === "redeal_changes_decision").length).toBeGreaterThan(0);
  });

  it("strength: normal beats uniform random bots in most of 6 seeded 2-player matches, seats rotated", { timeout: 120_000 }, () => {
    expect(normalWinsAgainstRandom(resonanceEngine, resonanceBot, { players: 2 }, (i) => seatsFor(2, i), "bot-strength-resonance", 6)).toBeGreaterThanOrEqual(5);
  });
});
