/**
 * The Achroma `normal` bot (bot.ts + rules/core/search.ts): it decides from its seat's view
 * only (its decision, bot seed fixed, survives a re-deal of what the seat cannot see by the leak
 * checks' kit), and it plays to win. Sizes: env CHECK_GAMES (default 2) random games, a
 * position every CHECK_EVERY (default 12) steps.
 */
import { describe, expect, it } from "vitest";
import { normalWinsAgainstRandom } from "../core/botMatch.ts";
import { findBotViewProblems } from "../core/botCheck.ts";
import { checkPositions, envInt } from "../core/positions.ts";
import { seedRng } from "../core/rng.ts";
import type { SearchHooks } from "../core/search.ts";
import { achromaBot } from "./bot.ts";
import { achromaEngine } from "./index.ts";
import { permuteHidden } from "./testkit.ts";
import { seatsFor } from "./fuzzkit.ts";

const GAMES = envInt("CHECK_GAMES", 2);
const EVERY = envInt("CHECK_EVERY", 12);

describe("Achroma normal bot", () => {
  it("2 players: the normal bot's decision is unchanged when what its seat cannot see is re-dealt, and always legal", { timeout: 120_000 }, () => {
    const rng = { rng: seedRng("bot-view-achroma-2") };
    const r = checkPositions(
      achromaEngine,
      { players: 2 },
      (g) => seatsFor(2, g),
      "bot-view-achroma-2",
      GAMES,
      EVERY,
      (s) => findBotViewProblems(achromaEngine, achromaBot, s, permuteHidden, rng, "fixed-bot-seed"),
    );
    expect(r.problems.slice(0, 3)).toEqual([]);
    expect(r.positions).toBeGreaterThan(5 * GAMES);
  });

  it("4 players: the normal bot's decision is unchanged when what its seat cannot see is re-dealt, and always legal", { timeout: 120_000 }, () => {
    const rng = { rng: seedRng("bot-view-achroma-4") };
    const r = checkPositions(
      achromaEngine,
      { players: 4 },
      (g) => seatsFor(4, g + 3),
      "bot-view-achroma-4",
      GAMES,
      EVERY,
      (s) => findBotViewProblems(achromaEngine, achromaBot, s, permuteHidden, rng, "fixed-bot-seed"),
    );
    expect(r.problems.slice(0, 3)).toEqual([]);
    expect(r.positions).toBeGreaterThan(5 * GAMES);
  });

  it("the check catches a bot that reads the hidden cards (worlds not re-dealt)", { timeout: 120_000 }, () => {
    const cheat = { ...achromaBot, determinize: (s: unknown) => structuredClone(s) } as SearchHooks;
    const rng = { rng: seedRng("bot-view-cheat-achroma") };
    const r = checkPositions(
      achromaEngine,
      { players: 2 },
      (g) => seatsFor(2, g),
      "bot-view-achroma-2",
      GAMES,
      EVERY,
      (s) => findBotViewProblems(achromaEngine, cheat, s, permuteHidden, rng, "fixed-bot-seed"),
    );
    expect(r.problems.filter((p) => p.problem.kind === "redeal_changes_decision").length).toBeGreaterThan(0);
  });

  it("strength: normal beats uniform random bots in most of 8 seeded 2-player matches, seats rotated", { timeout: 120_000 }, () => {
    expect(normalWinsAgainstRandom(achromaEngine, achromaBot, { players: 2 }, (i) => seatsFor(2, i), "bot-strength-achroma", 8)).toBeGreaterThanOrEqual(6);
  });
});
