/**
 * III.3.B OPEN PHASE: both place an Action Card face down at the same time and may change it
 * until all agree (R22: confirming is agreeing; changing the card withdraws the agreement; the
 * phase ends when both have agreed); a player with no card to play loses the Act (III.1.C, R24).
 */
import { ensure } from "../core/errors.ts";
import { endAct } from "./how-to-win.ts";
import { needPrompt, priv, pub, removeFrom, type ActionOf, type Events } from "./state.ts";
import type { Seat, State } from "./types.ts";

/** Stage open: III.1.C is checked, then both are asked to place. */
export function openPhase(s: State, E: Events): void {
  const can = s.players.map((p) => p.hand.length > 0);
  if (!can[0] && !can[1]) {
    endAct(s, null, "neither_can_play", E);
    return;
  }
  if (!can[0] || !can[1]) {
    endAct(s, can[0] ? 0 : 1, "rival_cannot_play", E);
    return;
  }
  for (const p of s.players) {
    p.placed = null;
    p.confirmed = false;
  }
  s.stage = "bs_window";
  s.prompt = { kind: "open", seats: [0, 1] };
}

/** Place (or change) the face-down Action Card; a changed card goes back to hand. */
export function placeActionCard(s: State, seat: Seat, action: ActionOf<"place">, E: Events): void {
  const p = s.players[seat];
  needPrompt(s, "open", "placing an Action Card");
  ensure(p.hand.includes(action.card), "card_not_in_hand", `${action.card} is not in your hand`);
  if (p.placed !== null) p.hand.push(p.placed);
  removeFrom(p.hand, action.card);
  const changed = p.placed !== null;
  p.placed = action.card;
  p.confirmed = false; // R22: a changed card needs a new agreement
  priv(E, "placed", seat, { card: action.card, changed });
  pub(E, "placed_face_down", seat, { changed });
}

/**
 * Agree to move on; the phase ends when both agree. A seat that agreed stays among the actors
 * (it may still change its card) unless it has no other card to change to.
 */
export function confirmActionCard(s: State, seat: Seat, _action: ActionOf<"confirm">, E: Events): void {
  const p = s.players[seat];
  const pr = needPrompt(s, "open", "confirming the Action Card");
  ensure(p.placed !== null, "nothing_placed", "place an Action Card before confirming");
  ensure(!p.confirmed, "already_confirmed", "you already agreed to move on; change your card or wait for your Rival");
  p.confirmed = true;
  if (p.hand.length === 0) pr.seats = pr.seats.filter((x) => x !== seat);
  pub(E, "confirmed", seat, {});
  if (s.players[0].confirmed && s.players[1].confirmed) s.prompt = null;
}
