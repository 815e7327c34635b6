/**
 * The Achroma `normal` bot's game knowledge for the shared search (rules/core/search.ts): what a
 * seat cannot see (dealt again per world, refused when a pending choice it sees says otherwise)
 * and how good a position is (Shard Bank towards 30, then strength on the Canvas).
 */
import type { HasRng } from "../core/rng.ts";
import { dealCanonically, slotsOf, squash, type SearchHooks, type Slot } from "../core/search.ts";
import { HIDDEN_CHOICES, stepOptions } from "./abilities.ts";
import { CARDS } from "./cards.ts";
import { researchOptions } from "./keywordsPalette.ts";
import { WIN_BANK } from "./leaving.ts";
import type { Action, State } from "./types.ts";

/**
 * Hidden from `seat`, per owner: each other player's hand, Palette and face-down SECRET cards (one
 * pool per owner); the seat's own Palette and SECRET cards, except the top cards it looks at with
 * RESEARCH. Null when the deal drawn contradicts a pending choice (see consistentPrompt).
 */
export function determinize(state: State, seat: number, rng: HasRng): State | null {
  const s = structuredClone(state);
  s.players.forEach((p, i) => {
    const keep = i === seat && s.research?.seat === seat ? s.research.count : 0;
    const slots: Slot[] = slotsOf(p.palette, keep);
    if (i !== seat) slots.push(...slotsOf(p.hand));
    for (const key of Object.keys(s.secrets).sort()) {
      const list = s.secrets[key]!;
      for (let k = 0; k < list.length; k++) if (s.cards[list[k]!]!.owner === i) slots.push({ get: () => list[k]!, set: (c) => (list[k] = c) });
    }
    dealCanonically(rng, slots);
  });
  return consistentPrompt(s, state.prompt, seat) ? s : null;
}

/**
 * The pending prompt's options, derived again from the re-dealt zones as the engine derives them.
 * False when this deal is not consistent with what `viewer` knows: the viewer's own choice would
 * offer other options, or another seat's choice (which the viewer sees it making) none.
 */
export function consistentPrompt(s: State, before: State["prompt"], viewer: number): boolean {
  const pr = s.prompt;
  if (!pr || !before) return true;
  let options: string[];
  if (pr.kind === "research") options = researchOptions(s, pr.ordering);
  else if (pr.kind === "choose" && HIDDEN_CHOICES.has(pr.step.k)) {
    const f = s.stack[s.stack.length - 1]!;
    const found = stepOptions(s, pr.seat, pr.step, f.source, f);
    if (found.length === 0) return false;
    options = pr.optional ? ["pass", ...found] : found;
  } else return true;
  if (pr.seat === viewer) return "options" in before && JSON.stringify(options) === JSON.stringify(before.options);
  pr.options = options;
  return true;
}

/** A seat's standing: its bank (30 wins, 0 is out), what its Canvas can do, its hand. */
function standing(s: State, seat: number): number {
  const p = s.players[seat]!;
  if (p.out) return -40;
  let canvas = 0;
  for (const uid of p.characters) {
    const def = CARDS[s.cards[uid]!.def];
    const unit = s.units[uid];
    canvas += 1 + (def?.strength ?? 0) * 0.4 - (unit?.damage ?? 0) * 0.3;
  }
  canvas += p.locations.length * 0.8;
  return Math.min(p.bank, WIN_BANK) + canvas + Math.min(p.hand.length, 7) * 0.4;
}

/** The seat's standing against the best of the others (the one it must outrun). */
export function evaluate(s: State, seat: number): number {
  const mine = standing(s, seat);
  let rival = -Infinity;
  let sum = 0;
  let n = 0;
  for (let i = 0; i < s.players.length; i++) {
    if (i === seat) continue;
    const v = standing(s, i);
    rival = Math.max(rival, v);
    sum += v;
    n++;
  }
  const others = n === 0 ? 0 : 0.5 * rival + (0.5 * sum) / n;
  return squash(mine - others, 4);
}

export const achromaBot: SearchHooks<State, Action> = {
  determinize,
  evaluate,
  sizes: { worlds: 6, maxActions: 16, rolloutSteps: 8, budget: 1200 },
};
