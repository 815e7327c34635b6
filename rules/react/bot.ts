/**
 * The Re;ACT `normal` bot's game knowledge for the shared search (rules/core/search.ts): what a
 * seat cannot see (dealt again per world) and how good a position is (damage, 3 loses; then the
 * Masterpiece, ascension, units on the field and cards in hand).
 */
import type { HasRng } from "../core/rng.ts";
import { dealCanonically, slotsOf, squash, type SearchHooks } from "../core/search.ts";
import { LOSS_DAMAGE } from "./ending.ts";
import { mpUnplaced } from "./masterpiece.ts";
import type { Action, Seat, State } from "./types.ts";

/** Hidden from `seat`: the opponent's hand and deck (one pool) and the order of its own deck. */
export function determinize(state: State, seat: number, rng: HasRng): State {
  const s = structuredClone(state);
  const opp = s.players[1 - seat]!;
  if (opp.deck) dealCanonically(rng, [...slotsOf(opp.hand), ...slotsOf(opp.deck)]);
  const mine = s.players[seat]!;
  if (mine.deck) dealCanonically(rng, slotsOf(mine.deck));
  return s;
}

function standing(s: State, seat: Seat): number {
  const p = s.players[seat]!;
  let units = 0;
  for (const id in s.units) {
    const u = s.units[id]!;
    if (u.owner === seat && u.pos !== null && u.kind === "summon") units += u.exhausted ? 0.6 : 0.8;
  }
  const mp = 3 - mpUnplaced(s, seat).length;
  const scales = s.scales.reduce((sum, n, zone) => sum + (s.blocks[zone] === seat ? 0.1 * n : 0), 0);
  // Drawing from an empty deck loses: the last cards of a deck are worth keeping.
  const deck = p.deck === null ? 0 : -Math.max(0, 6 - p.deck.length) * 0.8;
  return -Math.min(p.damage, LOSS_DAMAGE) * 4 + (p.ascended ? 2.5 : mp * 0.5) + units + Math.min(p.hand.length, 7) * 0.25 + scales + deck;
}

export function evaluate(s: State, seat: number): number {
  return squash(standing(s, seat as Seat) - standing(s, (1 - seat) as Seat), 2);
}

export const reactBot: SearchHooks<State, Action> = {
  determinize,
  evaluate,
  sizes: { worlds: 4, maxActions: 12, rolloutSteps: 6, budget: 600 },
};
