/**
 * The Re;ACT `normal` bot (bot.ts + rules/core/search.ts): it decides from its seat's view
 * only (its decision, bot seed fixed, survives a re-deal of what the seat cannot see by the leak
 * checks' kit), and it plays to win. Sizes: env CHECK_GAMES (default 3) random games, a
 * position every CHECK_EVERY (default 12) steps.
 */
import { describe, expect, it } from "vitest";
import { normalWinsAgainstRandom } from "../core/botMatch.ts";
import { findBotViewProblems } from "../core/botCheck.ts";
import { checkPositions, envInt } from "../core/positions.ts";
import { seedRng } from "../core/rng.ts";
import type { SearchHooks } from "../core/search.ts";
import { reactBot } from "./bot.ts";
import { reactEngine } from "./index.ts";
import { permuteHidden } from "./testkit.ts";
const PAIRS = [
  ["calligrapher", "dancer"],
  ["tagger", "painter"],
  ["dancer", "tagger"],
  ["painter", "calligrapher"],
].map((p) => p.map((artist) => ({ artist })));

const GAMES = envInt("CHECK_GAMES", 3);
const EVERY = envInt("CHECK_EVERY", 12);

describe("Re;ACT normal bot", () => {
  it("2 players: the normal bot's decision is unchanged when what its seat cannot see is re-dealt, and always legal", { timeout: 120_000 }, () => {
    const rng = { rng: seedRng("bot-view-react-2") };
    const r = checkPositions(
      reactEngine,
      {},
      (g) => PAIRS[g % PAIRS.length]!,
      "bot-view-react-2",
      GAMES,
      EVERY,
      (s) => findBotViewProblems(reactEngine, reactBot, s, permuteHidden, rng, "fixed-bot-seed"),
    );
    expect(r.problems.slice(0, 3)).toEqual([]);
    expect(r.positions).toBeGreaterThan(5 * GAMES);
  });

  it("the check catches a bot that reads the hidden cards (worlds not re-dealt)", { timeout: 120_000 }, () => {
    const cheat = { ...reactBot, determinize: (s: unknown) => structuredClone(s) } as SearchHooks;
    const rng = { rng: seedRng("bot-view-cheat-react") };
    const r = checkPositions(
      reactEngine,
      {},
      (g) => PAIRS[g % PAIRS.length]!,
      "bot-view-react-2",
      GAMES,
      EVERY,
      (s) => findBotViewProblems(reactEngine, cheat, s, permuteHidden, rng, "fixed-bot-seed"),
    );
    expect(r.problems.filter((p) => p.problem.kind === "redeal_changes_decision").length).toBeGreaterThan(0);
  });

  it("strength: normal beats uniform random bots in most of 8 seeded 2-player matches, seats rotated", { timeout: 120_000 }, () => {
    expect(normalWinsAgainstRandom(reactEngine, reactBot, {}, (i) => PAIRS[i % PAIRS.length]!, "bot-strength-react", 8)).toBeGreaterThanOrEqual(6);
  });
});
