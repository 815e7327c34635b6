/**
 * 4.3.1 Attacker Action & Fuel: the cards discarded for Power.
 */
import { ensure } from "../../core/errors.ts";
import type { Combat, State } from "../types.ts";
import { K, TAG, type Events } from "./definitions.ts";
import { actionKeywords, resolutionMode } from "./keywordContext.ts";
import { discardFromHand, revealTop } from "./library.ts";
import { hasTag } from "./unitStats.ts";
import { cardPower, unitById } from "./units.ts";
import type { Stage } from "./stages.ts";

export function toFuel(s: State, ev: Events): Stage | null {
  const c = s.combat!;
  c.step = "fuel";
  if (!fuelFeasible(s, c)) {
    // Safety net (R5): an attack whose fuel cannot be paid ends without effect; the actor stays spent.
    ev.push({ type: "fizzled", seat: c.seat, actor: c.actor });
    c.targets = [];
    c.ended = true;
    s.combat = null;
    return null;
  }
  if (resolutionMode(actionKeywords(c), c.kind) === "snap") {
    c.fuel = [];
    return "preroll";
  }
  return null;
}

/** How many fuel cards: [required, optional extra] (4.2.1, 4.2.2, Obscure, Enhance, Awkward). */
export function fuelShape(s: State, c: Combat): { min: number; max: number; awkward: boolean } {
  const kws = actionKeywords(c);
  const mode = resolutionMode(kws, c.kind);
  const actor = unitById(s, c.actor);
  const awkward = kws.has(K.awkward);
  const extra = actor && hasTag(s, actor, TAG.enhance) ? 1 : 0;
  const target = unitById(s, c.targets[0]);
  if (mode === "snap") return { min: 0, max: 0, awkward: false };
  if (mode === "reckless") return { min: 1, max: 1, awkward };
  if (mode === "stoic" || mode === "ambience") return { min: 0, max: 1 + extra, awkward };
  if (c.kind === "critical") return { min: 2, max: 2 + extra, awkward };
  const obscured = target !== null && hasTag(s, target, TAG.obscure);
  return { min: obscured ? 2 : 1, max: (obscured ? 2 : 1) + extra, awkward };
}

/** The fuel step can be completed with the current hand. */
export function fuelFeasible(s: State, c: Combat): boolean {
  const shape = fuelShape(s, c);
  const hand = s.players[c.seat].hand;
  if (hand.length < shape.min + (shape.awkward ? 1 : 0)) return false;
  if (c.kind === "critical") return hasSamePowerPair(hand) && hand.length >= 2 + (shape.awkward ? 1 : 0);
  return true;
}

export function applyFuel(s: State, seat: number, cards: string[], ev: Events): Stage | null {
  const c = s.combat!;
  const p = s.players[seat];
  const shape = fuelShape(s, c);
  ensure(new Set(cards).size === cards.length && cards.every((x) => p.hand.includes(x)), "illegal_move", "fuel cards must be distinct cards from your hand");
  const n = cards.length - (shape.awkward ? 1 : 0);
  ensure(n >= shape.min && n <= shape.max, "illegal_move", `fuel ${shape.min}..${shape.max} card(s)${shape.awkward ? " plus one for Awkward (8.0)" : ""}`);
  if (c.kind === "critical") ensure(cardPower(cards[0]) === cardPower(cards[1]), "illegal_move", "a Critical Strike discards two cards of the same Power (4.2.2)");
  for (const x of cards) discardFromHand(s, seat, x, ev);
  c.fuel = shape.awkward ? cards.slice(0, -1) : [...cards];
  if (resolutionMode(actionKeywords(c), c.kind) === "reckless") c.revealed = revealTop(s, ev);
  return "preroll";
}

export function hasSamePowerPair(hand: readonly string[]): boolean {
  const seen = new Set<number>();
  for (const c of hand) {
    const p = cardPower(c);
    if (seen.has(p)) return true;
    seen.add(p);
  }
  return false;
}
