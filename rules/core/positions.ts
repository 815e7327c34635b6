/**
 * Fuzzed positions for the engine checks: random self-play games, every `every`-th state kept
 * (with the step that produced it, for reproduction). Sizes come from env so CI stays quick and
 * local runs can go deeper: `envInt("CHECK_GAMES", 4)`.
 */
import type { AnyEngine, Seat } from "./engine.ts";
import { playRandomGame } from "./selfPlay.ts";

export interface Position {
  seed: string;
  /** Steps applied to reach this state (replay.steps.slice(0, step)). */
  step: number;
  state: unknown;
}

export function envInt(name: string, fallback: number): number {
  const n = Number(process.env[name] ?? fallback);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** The unfinished states of one random game, one every `every` steps (from step `every`, plus the opening). */
export function positionsOf(engine: AnyEngine, config: unknown, seats: unknown[], seed: string, every: number): Position[] {
  const out: Position[] = [];
  const cfg = engine.parseConfig(config);
  out.push({
    seed,
    step: 0,
    state: engine.setup(
      cfg,
      seats.map((s) => engine.parseSeatConfig(s, cfg)),
      seed,
    ),
  });
  playRandomGame(engine, config, seats, seed, {
    onStep: (state, info) => {
      if (info.step % every === 0 && engine.outcome(state) === null) out.push({ seed, step: info.step, state });
    },
  });
  return out;
}

/** A short description of a problem for a failing assertion: where to reproduce it. */
export function where(p: Position, seat?: Seat): string {
  return `seed ${p.seed} after step ${p.step}${seat === undefined ? "" : `, seat ${seat}`}`;
}

export interface Located<P> {
  at: string;
  problem: P;
}

/**
 * Runs `check` at every position of `games` random games (seeds `${prefix}-${g}`, seats from
 * `seatsFor(g)`), one position every `every` steps. Returns the count and every problem found
 * with where to reproduce it.
 */
export function checkPositions<P extends { seat: Seat }>(
  engine: AnyEngine,
  config: unknown,
  seatsFor: (g: number) => unknown[],
  prefix: string,
  games: number,
  every: number,
  check: (state: unknown) => P[],
): { positions: number; problems: Located<P>[] } {
  let positions = 0;
  const problems: Located<P>[] = [];
  for (let g = 0; g < games; g++) {
    for (const p of positionsOf(engine, config, seatsFor(g), `${prefix}-${g}`, every)) {
      positions++;
      for (const problem of check(p.state)) problems.push({ at: where(p, problem.seat), problem });
    }
  }
  return { positions, problems };
}
