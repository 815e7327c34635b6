/**
 * III.3.E CHARGE PHASE: a player whose Action Card is a CHARGE card performs a CHARGE — ready
 * 1 Art/Damage, draw 1, then the Muse's Charge Bonus when the suit is listed (R13; OFFENSE
 * charges first, IV.5); a defender without a CHARGE card readies 1 or draws 1 (R1).
 */
import { MUSES, type EffectStep } from "./cards.ts";
import { cardSuit, isCharge } from "./actionCards.ts";
import { pub, rival, type Events } from "./state.ts";
import type { Frame, Seat, State } from "./types.ts";

/** A CHARGE sequence resolves like an Exchange item, outside the Exchange. */
export function chargeFrame(s: State, seat: Seat, steps: EffectStep[], name: string): Frame {
  return {
    uid: s.nextUid++,
    seat,
    source: "charge",
    cardId: "",
    name,
    automatic: false,
    targetUid: null,
    steps,
    idx: 0,
    left: null,
    negated: false,
    fromExchange: false,
  };
}

/** Stage charge: OFFENSE then DEFENSE. */
export function chargePhase(s: State): void {
  const off = s.offense;
  s.chargeQueue = [off, rival(off)];
  s.stage = "charge_seat";
}

/** Stage charge_seat: the next player's CHARGE, or the defender's choice; then the CHARGE window. */
export function chargeNextSeat(s: State, E: Events): void {
  const def = rival(s.offense);
  const seat = s.chargeQueue.shift();
  if (seat === undefined) {
    s.stage = "charge_window";
    return;
  }
  const p = s.players[seat];
  if (p.placed !== null && isCharge(p.placed)) {
    const muse = MUSES[p.muse];
    const bonus = muse.chargeBonus.suits.includes(cardSuit(p.placed));
    const steps: EffectStep[] = [{ k: "ready", n: 1 }, { k: "draw", n: 1 }, ...(bonus ? muse.chargeBonus.effect : [])];
    pub(E, "charge", seat, { card: p.placed, bonus });
    s.frames.push(chargeFrame(s, seat, steps, bonus ? "CHARGE + Charge Bonus" : "CHARGE"));
  } else if (seat === def) {
    s.prompt = { kind: "select", seat, purpose: "charge_choice", left: 1 };
  }
}

/** The defender's "ready" or "draw" (select purpose charge_choice). */
export function chooseDefensiveCharge(s: State, seat: Seat, choice: string, E: Events): void {
  pub(E, "charge_choice", seat, { choice });
  s.frames.push(chargeFrame(s, seat, [choice === "ready" ? { k: "ready", n: 1 } : { k: "draw", n: 1 }], "defensive charge"));
}
