/**
 * III.3.F RESET PHASE (Action Cards to the discard; gained Power, Damage and other effects
 * reset, R26) and III.3.G END OF ROUND (its window, then both draw 1 at once).
 */
import { drawCards, pub, type Events } from "./state.ts";
import type { PlayerState, Seat, State } from "./types.ts";

/** The round-scoped values back to their start-of-round values. */
export function resetRound(p: PlayerState): void {
  p.powerBonus = 0;
  p.damageGain = 0;
  p.canGainDamage = true;
  p.incoming = 0;
  p.damagedThisRound = false;
  p.grappled = false;
  p.used = [];
  p.confirmed = false;
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
    resetRound(p);
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
