/**
 * Bots playing a whole game through the engine contract: drives fuzz tests, benchmarks
 * and load tests. Deterministic for a given seed.
 */
import { botAction } from "./bot.ts";
import type { AnyEngine, GameEvent, Outcome, Seat } from "./engine.ts";
import { stateHash } from "./hash.ts";
import type { ReplayRecord, ReplayStep } from "./replay.ts";
import { pick, seedRng, type HasRng } from "./rng.ts";

export interface SelfPlayOptions {
  /** Safety stop: a game longer than this is a bug (throws). */
  maxSteps?: number;
  /** Called after every applied step, e.g. to check invariants. */
  onStep?: (state: unknown, info: { step: number; seat: Seat; action: unknown; events: GameEvent[] }) => void;
}

export interface SelfPlayResult {
  state: unknown;
  outcome: Outcome;
  replay: ReplayRecord;
}

export function playRandomGame(engine: AnyEngine, config: unknown, seatConfigs: unknown[], seed: string, options: SelfPlayOptions = {}): SelfPlayResult {
  const maxSteps = options.maxSteps ?? 100_000;
  const parsedConfig = engine.parseConfig(config);
  const seats = seatConfigs.map((s) => engine.parseSeatConfig(s, parsedConfig));
  let state = engine.setup(parsedConfig, seats, seed);
  // The bots' own randomness is separate from the game's, so bot choices never shift game chance.
  const botRng: HasRng = { rng: seedRng(`bot:${seed}`) };
  const steps: ReplayStep[] = [];
  while (engine.outcome(state) === null) {
    if (steps.length >= maxSteps) throw new Error(`${engine.game}: no outcome after ${maxSteps} steps (seed ${seed})`);
    const actors = engine.actors(state);
    if (actors.length === 0) throw new Error(`${engine.game}: no actor and no outcome (seed ${seed}, step ${steps.length})`);
    const seat = pick(botRng, actors);
    const action = botAction(engine, state, seat, botRng);
    const result = engine.apply(state, seat, action);
    state = result.state;
    steps.push({ seat, action });
    options.onStep?.(state, { step: steps.length, seat, action, events: result.events });
  }
  const replay: ReplayRecord = {
    game: engine.game,
    version: engine.version,
    config,
    seats: seatConfigs,
    seed,
    steps,
    finalHash: stateHash(state),
  };
  return { state, outcome: engine.outcome(state)!, replay };
}
