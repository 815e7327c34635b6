/**
 * III.3.B OPEN PHASE: both place an Action Card face down at the same time and may change it
 * until all agree; a player with no card to play loses the Act (III.1.C, R24).
 *
 * R22, "until all Players agree", made sequential so that no decision can be overtaken by the
 * Rival's: `confirm` is agreeing; a player who agreed waits (it is no actor). When the Rival
 * then agrees too, a player whose agreement was given before the Rival's gets a last say: keep
 * (`confirm` again) or change its card. Changing withdraws its agreement and makes the Rival's
 * agreement one to be asked again. The phase ends when both agree, each after the other.
 */
import { ensure } from "../core/errors.ts";
import { endAct } from "./howToWin.ts";
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
    p.confirmedAfterRival = false;
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
  // R22: a changed card needs a new agreement, and the Rival may reconsider its own.
  p.confirmed = false;
  p.confirmedAfterRival = false;
  s.players[1 - seat].confirmedAfterRival = false;
  priv(E, "placed", seat, { card: action.card, changed });
  pub(E, "placed_face_down", seat, { changed });
}

/** Agree to move on (or, asked again, keep the card); the phase ends when both agree, each after the other (R22). */
export function confirmActionCard(s: State, seat: Seat, _action: ActionOf<"confirm">, E: Events): void {
  const p = s.players[seat];
  const other = s.players[1 - seat];
  const pr = needPrompt(s, "open", "confirming the Action Card");
  ensure(p.placed !== null, "nothing_placed", "place an Action Card before confirming");
  p.confirmed = true;
  p.confirmedAfterRival = other.confirmed;
  pr.seats = pr.seats.filter((x) => x !== seat);
  pub(E, "confirmed", seat, {});
  if (!other.confirmed) return; // the Rival is still deciding
  if (other.confirmedAfterRival) {
    s.prompt = null; // all agree
    return;
  }
  // The Rival agreed before this agreement (or before a change): it has a last say.
  pr.seats = [(1 - seat) as Seat];
  pub(E, "agreement_asked", (1 - seat) as Seat, {});
}
