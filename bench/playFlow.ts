/**
 * Play flow: of a match's decisions, how many reach a seat as a prompt. Over seeded
 * games where every seat picks uniformly among its legal decisions (as the server's `easy` bots
 * do): every decision is a prompt without automation (the same-run baseline), minus the forced
 * ones with the defaults (engine.forced: public facts alone), minus every decision that was the
 * seat's only one with the "no_choice" stop on for every seat. Also what a bot-only match takes
 * at the default bot pace (0.7-2 s per asked decision, 1.35 s on average).
 */
import type { Seat } from "../rules/core/engine.ts";
import { pick, seedRng } from "../rules/core/rng.ts";
import type { EngineBenchInput } from "./engines.ts";
import { round } from "./stats.ts";

const MEAN_THINK_S = 1.35;
const MAX_STEPS = 50_000;

export function promptsPerMatch(input: EngineBenchInput, games: number) {
  const { engine } = input;
  let decisions = 0;
  let forced = 0;
  let single = 0;
  const asked: number[] = [];
  for (let g = 0; g < games; g++) {
    const cfg = engine.parseConfig(input.config);
    let state: unknown = engine.setup(
      cfg,
      input.seats.map((s) => engine.parseSeatConfig(s, cfg)),
      `flow-${g}`,
    );
    const rng = { rng: seedRng(`flow-bots-${g}`) };
    let askedHere = 0;
    for (let n = 0; engine.outcome(state) === null && n < MAX_STEPS; n++) {
      const seat = pick(rng, engine.actors(state) as Seat[]);
      const f = engine.forced?.(state, seat) ?? null;
      const legal = f === null ? engine.legal(state, seat) : [f];
      if (f !== null) forced++;
      else {
        askedHere++;
        if (legal.length === 1) single++;
      }
      state = engine.apply(state, seat, f ?? pick(rng, legal)).state;
      decisions++;
    }
    asked.push(askedHere);
  }
  asked.sort((a, b) => a - b);
  const share = (n: number) => round(n / decisions, 3);
  const medianAsked = asked[Math.floor(asked.length / 2)]!;
  return {
    games,
    decisionsPerMatch: round(decisions / games, 1),
    baseline: { promptsPerMatch: round(decisions / games, 1), share: 1 },
    defaults: { promptsPerMatch: round((decisions - forced) / games, 1), share: share(decisions - forced), forcedShare: share(forced) },
    noChoiceStop: { promptsPerMatch: round((decisions - forced - single) / games, 1), share: share(decisions - forced - single) },
    botOnlyMatchMinutes: { median: round((medianAsked * MEAN_THINK_S) / 60, 1), withoutForced: round(((medianAsked + forced / games) * MEAN_THINK_S) / 60, 1) },
  };
}
