/**
 * The `normal` bot: a determinized flat Monte Carlo search that decides from its seat's view only.
 *
 * A seat cannot see everything in the state (other hands, deck orders...). The bot samples a few
 * worlds consistent with what it sees: each game's `determinize` hook gathers the cards the seat
 * cannot see, puts them in a canonical order (so the true arrangement leaves no trace), then deals
 * them back with the bot's own generator. Every legal action is applied in each world, followed
 * by a short rollout (cheap bot moves for every seat) and the game's position evaluation; the
 * action with the best mean wins. The future of the game's own generator is re-seeded from the
 * bot's too, so the decision is a function of the seat's view and the bot's rng, nothing else.
 *
 * Pure and deterministic like the engines: the work is bounded by counts (worlds, actions, a
 * total step budget), never by a clock.
 */
import type { AnyEngine, Outcome, Seat } from "./engine.ts";
import { RuleError } from "./errors.ts";
import { pick, randInt, seedRng, shuffleInPlace, type HasRng } from "./rng.ts";
import { canonicalJson } from "./hash.ts";

export interface SearchHooks<State = unknown, Action = unknown> {
  /**
   * A copy of `state` where what `seat` cannot see is dealt again from `rng`, after putting it in
   * a canonical order (see dealCanonically): two states with the same view give the same worlds.
   * Null when the deal drawn is not a world the seat may be in (a pending choice it sees refutes it).
   */
  determinize(state: State, seat: Seat, rng: HasRng): State | null;
  /** How good the position is for `seat`, in [0, 1] (1: as good as won). Reads the whole (sampled) world. */
  evaluate(state: State, seat: Seat): number;
  /** Optional: the actions worth searching, best first (default: `legal` as given). Must be a function of the view. */
  order?(state: State, seat: Seat, legal: readonly Action[]): Action[];
  /** Optional rollout move for any seat (default: the engine's own botAction, else a uniform pick). */
  rollout?(state: State, seat: Seat, rng: HasRng): Action;
  /** Optional per-game sizes (defaults: DEFAULT_SEARCH). */
  sizes?: Partial<SearchSizes>;
}

export interface SearchSizes {
  /** Worlds sampled per decision. */
  worlds: number;
  /** Actions searched at most (after `order`); the rest are never chosen. */
  maxActions: number;
  /** Rollout steps after each action, at most. */
  rolloutSteps: number;
  /** Engine steps (apply) for the whole decision: rollouts shrink so that actions × worlds × (1 + rollout) fits. */
  budget: number;
}

export const DEFAULT_SEARCH: SearchSizes = { worlds: 4, maxActions: 12, rolloutSteps: 12, budget: 600 };

/** A place holding one hidden card id in a world being dealt. */
export interface Slot {
  get(): string;
  set(card: string): void;
}

/** The slots of `list[from..]`. */
export function slotsOf(list: string[], from = 0): Slot[] {
  const out: Slot[] = [];
  for (let k = from; k < list.length; k++) out.push({ get: () => list[k]!, set: (c) => (list[k] = c) });
  return out;
}

/**
 * Deals the cards of `slots` again: sorted first, so the result depends only on which cards the
 * group holds (what a seat may know), never on where they were; then shuffled with `rng`.
 */
export function dealCanonically(rng: HasRng, slots: readonly Slot[]): void {
  const pool = slots.map((s) => s.get()).sort();
  shuffleInPlace(rng, pool);
  slots.forEach((s, k) => s.set(pool[k]!));
}

/** A seat's share of an outcome in [0, 1]: 1 alone first, 0 alone last, ties split. */
export function outcomeValue(outcome: Outcome, seat: Seat): number {
  const ranks = outcome.ranks;
  if (ranks.length < 2) return 1;
  const mine = ranks[seat]!;
  let score = 0;
  for (let s = 0; s < ranks.length; s++) {
    if (s === seat) continue;
    if (ranks[s]! > mine) score += 1;
    else if (ranks[s] === mine) score += 0.5;
  }
  return score / (ranks.length - 1);
}

export interface SearchStats {
  /** Engine steps applied (actions and rollout moves). */
  steps: number;
  worlds: number;
  actions: number;
}

/** The normal bot's decision for `seat` (one of `engine.legal(state, seat)`). */
export function searchAction(engine: AnyEngine, hooks: SearchHooks, state: unknown, seat: Seat, rng: HasRng, stats?: SearchStats): unknown {
  const legal = engine.legal(state, seat) as unknown[];
  if (legal.length === 0) throw new Error(`bot: seat ${seat} has no legal action`);
  if (legal.length === 1) return legal[0];
  const sizes = { ...DEFAULT_SEARCH, ...hooks.sizes };
  const ordered = hooks.order ? hooks.order(state, seat, legal) : legal;
  const candidates = dedupe(ordered).slice(0, sizes.maxActions);
  if (candidates.length === 1) return candidates[0];

  const worlds: { world: unknown; rolloutSeed: number }[] = [];
  for (let attempt = 0; attempt < sizes.worlds * 4 && worlds.length < sizes.worlds; attempt++) {
    const world = hooks.determinize(state, seat, rng);
    const gameSeed = randInt(rng, 0, 2 ** 30);
    const rolloutSeed = randInt(rng, 0, 2 ** 30);
    if (world === null) continue;
    const w = world as { rng?: unknown };
    if (Array.isArray(w.rng)) w.rng = seedRng(`world-${gameSeed}`);
    worlds.push({ world, rolloutSeed });
  }
  // No world the seat may be in was drawn (rare): any legal action, from the bot's rng alone.
  if (worlds.length === 0) return pick(rng, candidates);

  const perPlay = Math.floor(sizes.budget / (candidates.length * worlds.length)) - 1;
  const rolloutSteps = Math.max(0, Math.min(sizes.rolloutSteps, perPlay));
  let best = candidates[0];
  let bestValue = -Infinity;
  let steps = 0;
  for (const action of candidates) {
    let total = 0;
    let counted = 0;
    for (const { world, rolloutSeed } of worlds) {
      const value = play(engine, hooks, world, seat, action, rolloutSteps, rolloutSeed, (n) => (steps += n));
      if (value === null) continue;
      total += value;
      counted++;
    }
    const mean = counted === 0 ? -1 : total / counted;
    if (mean > bestValue) {
      bestValue = mean;
      best = action;
    }
  }
  if (stats) {
    stats.steps += steps;
    stats.worlds += worlds.length;
    stats.actions += candidates.length;
  }
  return best;
}

/** The value of `action` in `world` after a short rollout; null when the world refuses it (not a world the seat may be in). */
function play(engine: AnyEngine, hooks: SearchHooks, world: unknown, seat: Seat, action: unknown, rolloutSteps: number, rolloutSeed: number, count: (n: number) => void): number | null {
  let state: unknown;
  try {
    state = engine.apply(world, seat, action).state;
  } catch (error) {
    if (error instanceof RuleError) return null;
    throw error;
  }
  count(1);
  // The same rollout randomness for every action in a world: the actions are compared on equal luck.
  const rrng: HasRng = { rng: seedRng(`rollout-${rolloutSeed}`) };
  for (let i = 0; i < rolloutSteps; i++) {
    const outcome = engine.outcome(state);
    if (outcome) return outcomeValue(outcome, seat);
    const actors = engine.actors(state) as Seat[];
    if (actors.length === 0) break;
    const who = actors.length === 1 ? actors[0]! : pick(rrng, actors);
    const move = hooks.rollout ? hooks.rollout(state, who, rrng) : engine.botAction ? engine.botAction(state, who, rrng) : pick(rrng, engine.legal(state, who));
    try {
      state = engine.apply(state, who, move).state;
    } catch (error) {
      if (error instanceof RuleError) break;
      throw error;
    }
    count(1);
  }
  const outcome = engine.outcome(state);
  return outcome ? outcomeValue(outcome, seat) : hooks.evaluate(state, seat);
}

function dedupe(actions: readonly unknown[]): unknown[] {
  const seen = new Set<string>();
  const out: unknown[] = [];
  for (const a of actions) {
    const key = canonicalJson(a);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(a);
  }
  return out;
}

/** A squash of a score difference into (0, 1): 0.5 at even, `scale` the difference worth ~0.73. */
export function squash(diff: number, scale: number): number {
  return 1 / (1 + Math.exp(-diff / scale));
}
