/**
 * Rules-engine throughput on one core: random full games per second through the engine
 * contract, and replay re-simulation cost per 100 steps. Baselines in the same run: a JSON
 * deep copy of the same game's states (what one step costs relative to copying its state),
 * and live self-play (for replays).
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
  const copyMicros = jsonCopyMicros(input);
  const stepMicros = (seconds * 1e6) / steps;
  return {
    baseline: { jsonCopyOfStateMicros: round(copyMicros, 2), stepMicros: round(stepMicros, 2), stepCostInJsonCopies: round(stepMicros / copyMicros, 2) },
    games,
    steps,
    gamesPerSecond: round(games / seconds, 1),
    stepsPerSecond: Math.round(steps / seconds),
    stepsPerGame: round(steps / games, 1),
  };
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

/** Mean time of a JSON deep copy of the states one game passes through (the same-run baseline). */
function jsonCopyMicros(input: EngineBenchInput): number {
  const states: unknown[] = [];
  playRandomGame(input.engine, input.config, input.seats, "copy-baseline", { onStep: (s) => void (states.length < 2000 && states.push(s)) });
  let sink = 0;
  const t0 = performance.now();
  for (let rep = 0; rep < 5; rep++) for (const s of states) sink += (JSON.parse(JSON.stringify(s)) as object) ? 1 : 0;
  return ((performance.now() - t0) * 1000) / (5 * states.length) + 0 * sink;
}
