/**
 * Bot levels, and whole matches between bots of given levels (strength tests and the bench).
 * `easy` is a uniform pick among the seat's legal decisions (the server's bots before `normal`);
 * `normal` is the seat-view search of search.ts with the game's hooks.
 */
import type { AnyEngine, Outcome, Seat } from "./engine.ts";
import { pick, seedRng, type HasRng } from "./rng.ts";
import { searchAction, type SearchHooks, type SearchStats } from "./search.ts";

export const BOT_LEVELS = ["easy", "normal"] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

/** `level`'s decision for `seat` (one of its legal decisions). */
export function botDecision(engine: AnyEngine, hooks: SearchHooks | undefined, level: BotLevel, state: unknown, seat: Seat, rng: HasRng, stats?: SearchStats): unknown {
  if (level === "normal" && hooks) return searchAction(engine, hooks, state, seat, rng, stats);
  return pick(rng, engine.legal(state, seat) as unknown[]);
}

export interface BotMatchResult {
  /** Null when the match hit `maxSteps` (counted as no win by whoever reads it). */
  outcome: Outcome | null;
  steps: number;
}

/**
 * One match, seat i played at `levels[i]`; `around` wraps every decision (the bench times them
 * there: rules/ reads no clock).
 */
export function playBotMatch(
  engine: AnyEngine,
  hooks: SearchHooks,
  config: unknown,
  seatConfigs: readonly unknown[],
  seed: string,
  levels: readonly BotLevel[],
  options: { maxSteps?: number; around?: <T>(seat: Seat, decide: () => T) => T } = {},
): BotMatchResult {
  const cfg = engine.parseConfig(config);
  let state = engine.setup(
    cfg,
    seatConfigs.map((s) => engine.parseSeatConfig(s, cfg)),
    seed,
  );
  const rng: HasRng = { rng: seedRng(`bots:${seed}`) };
  const maxSteps = options.maxSteps ?? 5000;
  let steps = 0;
  while (engine.outcome(state) === null && steps < maxSteps) {
    const actors = engine.actors(state) as Seat[];
    if (actors.length === 0) break;
    const seat = actors.length === 1 ? actors[0]! : pick(rng, actors);
    const level = levels[seat] ?? "easy";
    const decide = () => botDecision(engine, hooks, level, state, seat, rng);
    const action = options.around ? options.around(seat, decide) : decide();
    state = engine.apply(state, seat, action).state;
    steps++;
  }
  return { outcome: engine.outcome(state), steps };
}

/**
 * Of `matches` seeded 2-player matches (normal in seat 0, then 1, in turn; seats from
 * `seatsFor(i)`), how many the normal bot wins outright against a uniform random bot: the
 * strength smoke test of each game's bot.
 */
export function normalWinsAgainstRandom(engine: AnyEngine, hooks: SearchHooks, config: unknown, seatsFor: (i: number) => readonly unknown[], prefix: string, matches: number): number {
  let wins = 0;
  for (let i = 0; i < matches; i++) {
    const me = i % 2;
    const levels: BotLevel[] = me === 0 ? ["normal", "easy"] : ["easy", "normal"];
    const r = playBotMatch(engine, hooks, config, seatsFor(i), `${prefix}-${i}`, levels);
    if (r.outcome && r.outcome.ranks[me] === 1 && r.outcome.ranks[1 - me] === 2) wins++;
  }
  return wins;
}
