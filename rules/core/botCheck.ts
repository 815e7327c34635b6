/**
 * The check that a bot decides from its seat's view only: at each position, for each actor with a
 * choice, the bot's decision with a fixed rng seed must not change when what the seat cannot see
 * is re-dealt (the game's leak-check re-deal kit, applied to the true state) and the game's RNG
 * re-seeded. Also: the decision is always one of the seat's legal ones.
 */
import type { AnyEngine, Seat } from "./engine.ts";
import { canonicalJson } from "./hash.ts";
import { seedRng, type HasRng } from "./rng.ts";
import { defaultReseed } from "./strongLeakCheck.ts";
import { searchAction, type SearchHooks } from "./search.ts";

export interface BotViewProblem {
  seat: Seat;
  kind: "redeal_changes_decision" | "not_legal";
  detail: string;
}

export function findBotViewProblems(
  engine: AnyEngine,
  hooks: SearchHooks,
  state: unknown,
  redeal: (state: unknown, seat: Seat, rng: HasRng) => unknown,
  rng: HasRng,
  botSeed: string,
  redeals = 1,
): BotViewProblem[] {
  const problems: BotViewProblem[] = [];
  for (const seat of engine.actors(state) as Seat[]) {
    const legal = engine.legal(state, seat) as unknown[];
    if (legal.length < 2) continue;
    const decide = (s: unknown) => canonicalJson(searchAction(engine, hooks, s, seat, { rng: seedRng(botSeed) }));
    const base = decide(state);
    if (!legal.some((a) => canonicalJson(a) === base)) problems.push({ seat, kind: "not_legal", detail: base });
    for (let t = 0; t < redeals; t++) {
      const alt = redeal(state, seat, rng);
      defaultReseed(alt, rng);
      const other = decide(alt);
      if (other !== base) problems.push({ seat, kind: "redeal_changes_decision", detail: `${base} vs re-dealt ${other}` });
    }
  }
  return problems;
}
