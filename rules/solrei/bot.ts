/**
 * The SolRei `normal` bot's game knowledge for the shared search (rules/core/search.ts): what a
 * seat cannot see (dealt again per world) and how good a position is (Acts won, then damage).
 */
import type { HasRng } from "../core/rng.ts";
import { dealCanonically, slotsOf, squash, type SearchHooks, type Slot } from "../core/search.ts";
import { MAX_DAMAGE } from "./damagePhase.ts";
import type { Action, State } from "./types.ts";

/**
 * Hidden from `seat` (as the leak checks define it): the Rival's hand, deck, CULTIVATEd and CHECKed
 * cards and unrevealed Action Card, one pool; the Rival's face-down Arts among their slots; the
 * seat's own deck and CULTIVATEd cards, one pool.
 */
export function determinize(state: State, seat: number, rng: HasRng): State {
  const s = structuredClone(state);
  const other = s.players[1 - seat]!;
  const placed: Slot[] = other.placed !== null && !s.revealed ? [{ get: () => other.placed!, set: (c) => (other.placed = c) }] : [];
  dealCanonically(rng, [...slotsOf(other.hand), ...slotsOf(other.deck), ...slotsOf(other.cultivated), ...slotsOf(other.checking), ...placed]);
  const down = other.arts.filter((a) => a.state === "down");
  dealCanonically(
    rng,
    down.map((a) => ({ get: () => a.id, set: (id: string) => (a.id = id) })),
  );
  const me = s.players[seat]!;
  dealCanonically(rng, [...slotsOf(me.deck), ...slotsOf(me.cultivated)]);
  return s;
}

/** Acts decide the Show; within an Act, damage taken (7 loses) and cards to play with. */
export function evaluate(s: State, seat: number): number {
  const me = s.players[seat]!;
  const rival = s.players[1 - seat]!;
  const acts = (s.wins[seat] ?? 0) - (s.wins[1 - seat] ?? 0);
  const hurt = (p: typeof me) => Math.min(MAX_DAMAGE, p.damage.length + p.incoming);
  const damage = hurt(rival) - hurt(me);
  const cards = Math.min(me.hand.length, 8) - Math.min(rival.hand.length, 8);
  const empty = (me.deck.length === 0 ? -2 : 0) - (rival.deck.length === 0 ? -2 : 0);
  return squash(acts * 4 + damage * 0.6 + cards * 0.15 + empty, 1.5);
}

export const solreiBot: SearchHooks<State, Action> = {
  determinize,
  evaluate,
  sizes: { worlds: 4, maxActions: 12, rolloutSteps: 16, budget: 900 },
};
