/**
 * 2. Draw Phase: BOTH players draw 1, the Turn Player first; at the hand limit of 6 the draw is
 * skipped (R16); drawing from an empty deck loses at once (Ending the Game). Deck-less Artists
 * never draw and never deck out (R25).
 */
import type { GameEvent } from "../core/engine.ts";
import { finish } from "./ending.ts";
import { other } from "./field.ts";
import type { Seat, State } from "./types.ts";

export const HAND_LIMIT = 6;

export function drawPhase(s: State, ev: GameEvent[]): void {
  for (const seat of [s.turnPlayer, other(s.turnPlayer)]) {
    draw(s, seat, ev);
    if (s.outcome) return;
  }
}

export function draw(s: State, seat: Seat, ev: GameEvent[]): void {
  const p = s.players[seat];
  if (!p.deck) return;
  if (p.hand.length >= HAND_LIMIT) {
    ev.push({ type: "draw_skipped", seat, reason: "hand_limit" });
    return;
  }
  if (p.deck.length === 0) {
    ev.push({ type: "deck_out", seat });
    finish(s, seat === 0 ? [2, 1] : [1, 2], "deck_out");
    return;
  }
  const card = p.deck.shift()!;
  p.hand.push(card);
  ev.push({ type: "draw", seat });
  ev.push({ type: "drew", seat, card, to: [seat] });
}
