/**
 * 2.8 The Perpetual Library: drawing, revealing the top card, discarding from hand.
 */
import { ensure } from "../../core/errors.ts";
import { shuffleInPlace } from "../../core/rng.ts";
import type { State } from "../types.ts";
import type { Events } from "./definitions.ts";

/** 2.8 The Perpetual Library: an empty Main Deck is refilled from the shuffled Discard Pile. */
export function refillIfEmpty(s: State, ev: Events): boolean {
  if (s.mainDeck.length > 0) return true;
  if (s.discard.length === 0) return false;
  s.mainDeck = shuffleInPlace(s, s.discard);
  s.discard = [];
  ev.push({ type: "library", size: s.mainDeck.length });
  return true;
}
export function drawCards(s: State, seat: number, n: number, ev: Events): number {
  const p = s.players[seat];
  let drawn = 0;
  for (let i = 0; i < n; i++) {
    if (!refillIfEmpty(s, ev)) break;
    const c = s.mainDeck.shift()!;
    p.hand.push(c);
    drawn++;
    ev.push({ type: "drew_card", seat, card: c, to: [seat] });
  }
  if (drawn) ev.push({ type: "draw", seat, count: drawn });
  return drawn;
}
export function revealTop(s: State, ev: Events): string | null {
  if (!refillIfEmpty(s, ev)) return null;
  const c = s.mainDeck.shift()!;
  s.shown.push(c);
  ev.push({ type: "reveal", card: c });
  return c;
}
export function discardFromHand(s: State, seat: number, c: string, ev: Events): void {
  const p = s.players[seat];
  const i = p.hand.indexOf(c);
  ensure(i >= 0, "illegal_move", `${c} is not in your hand`);
  p.hand.splice(i, 1);
  s.discard.push(c);
  ev.push({ type: "discard", seat, card: c });
}
