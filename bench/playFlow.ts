/**
 * Play flow (issue 25): of a match's decisions, how many reach a seat as a prompt. Over seeded
 * random games per game: every decision is a prompt without automation (the same-run baseline),
 * minus the forced ones with the defaults (engine.forced: public facts alone), minus every
 * decision that was the seat's only one with the "no_choice" stop on for every seat.
 */
import type { Seat } from "../rules/core/engine.ts";
import { playRandomGame } from "../rules/core/selfPlay.ts";
import type { EngineBenchInput } from "./engines.ts";
import { round } from "./stats.ts";

export function promptsPerMatch(input: EngineBenchInput, games: number) {
  const { engine } = input;
  let decisions = 0;
  let forced = 0;
  let single = 0;
  const perMatch: number[] = [];
  for (let g = 0; g < games; g++) {
    const cfg = engine.parseConfig(input.config);
    let before: unknown = engine.setup(cfg, input.seats.map((s) => engine.parseSeatConfig(s, cfg)), `flow-${g}`);
    const { replay } = playRandomGame(engine, input.config, input.seats, `flow-${g}`, {
      onStep: (state, info) => {
        const seat = info.seat as Seat;
        if (engine.forced?.(before, seat) != null) forced++;
        else if (engine.legal(before, seat).length === 1) single++;
        before = state;
      },
    });
    decisions += replay.steps.length;
    perMatch.push(replay.steps.length);
  }
  perMatch.sort((a, b) => a - b);
  const share = (n: number) => round(n / decisions, 3);
  return {
    games,
    medianDecisionsPerMatch: perMatch[Math.floor(perMatch.length / 2)],
    baseline: { promptsPerMatch: round(decisions / games, 1), share: 1 },
    defaults: { promptsPerMatch: round((decisions - forced) / games, 1), share: share(decisions - forced), forcedShare: share(forced) },
    noChoiceStop: { promptsPerMatch: round((decisions - forced - single) / games, 1), share: share(decisions - forced - single) },
  };
}
