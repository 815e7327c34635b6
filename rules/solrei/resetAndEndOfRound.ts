/**
 * III.3.F RESET PHASE (Action Cards to the discard; gained Power and Damage reset) and
 * III.3.G END OF ROUND (its window, then both draw 1 at once). R26: what lasts "this round"
 * (GRAPPLE, "cannot gain Damage for the rest of the round", once per round, RETALIATE's
 * "this round") lasts until END OF ROUND (glossary "This round") and is reset when the next
 * START OF ROUND begins.
 */
import { drawCards, pub, type Events } from "./state.ts";
import type { PlayerState, Seat, State } from "./types.ts";

/** RESET: gained Power and Damage back to none (III.3.F). */
export function resetGains(p: PlayerState): void {
  p.powerBonus = 0;
  p.damageGain = 0;
  p.incoming = 0;
  p.confirmed = false;
  p.confirmedAfterRival = false;
}

/** A new round (START OF ROUND): everything that lasted "this round" ends too (R26). */
export function resetRound(p: PlayerState): void {
  resetGains(p);
  p.canGainDamage = true;
  p.damagedThisRound = false;
  p.grappled = false;
  p.used = [];
}

/** Stage reset. */
export function resetPhase(s: State, E: Events): void {
  for (const seat of [0, 1] as Seat[]) {
    const p = s.players[seat];
    if (p.placed !== null) {
      p.discard.push(p.placed);
      pub(E, "action_card_discarded", seat, { card: p.placed });
      p.placed = null;
    }
    resetGains(p);
  }
  s.revealed = false;
  s.showdown = null;
  s.stage = "eor_window";
}

/** Stage eor_draw (after the END OF ROUND window): both draw 1; the next round starts. */
export function endOfRoundDraw(s: State, E: Events): void {
  for (const seat of [0, 1] as Seat[]) drawCards(s, seat, 1, E, "end of round");
  s.round++;
  s.stage = "sor";
}
