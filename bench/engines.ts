/**
 * Rules-engine throughput on one core: random full games per second through the engine
 * contract, and replay re-simulation cost per 100 steps. Baselines in the same run: the
 * tiny fixture game (per-step engine overhead floor) and live self-play (for replays).
 */
import type { AnyEngine } from "../rules/core/engine.ts";
import { simulate } from "../rules/core/replay.ts";
import { playRandomGame } from "../rules/core/selfPlay.ts";
import { round } from "./stats.ts";

export interface EngineBenchInput {
  engine: AnyEngine;
  config: unknown;
  seats: unknown[];
}

export function gamesPerSecond(input: EngineBenchInput, durationMs: number) {
  let games = 0;
  let steps = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < durationMs) {
    const { replay } = playRandomGame(input.engine, input.config, input.seats, `bench-${games}`);
    steps += replay.steps.length;
    games++;
  }
  const seconds = (performance.now() - t0) / 1000;
  return { games, steps, gamesPerSecond: round(games / seconds, 1), stepsPerSecond: Math.round(steps / seconds), stepsPerGame: round(steps / games, 1) };
}

/** Re-simulation time per 100 steps vs the time the same games took to play live with bots. */
export function replayCost(input: EngineBenchInput, games: number) {
  const replays = Array.from({ length: games }, (_, i) => playRandomGame(input.engine, input.config, input.seats, `replay-${i}`).replay);
  const steps = replays.reduce((s, r) => s + r.steps.length, 0);
  const t0 = performance.now();
  for (let i = 0; i < games; i++) playRandomGame(input.engine, input.config, input.seats, `replay-${i}`);
  const live = performance.now() - t0;
  const t1 = performance.now();
  for (const r of replays) simulate(input.engine, r);
  const replay = performance.now() - t1;
  return { steps, msPer100Steps: round((replay / steps) * 100, 3), liveMsPer100Steps: round((live / steps) * 100, 3), ratioToLive: round(replay / live, 2) };
}
