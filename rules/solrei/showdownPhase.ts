/**
 * III.3.C SHOWDOWN PHASE (BEFORE SHOWDOWN, SHOWDOWN!, AFTER SHOWDOWN) and III.4 WINNING A
 * SHOWDOWN AND DAMAGE CALCULATION: the simultaneous reveal, the "when you reveal" triggers
 * (IV.4, R27), Power, and the result (OFFENSE's automatic +1, R17 for the loser and ties).
 */
import { ADVANTAGES, ARTS, MUSES, type Ability } from "./cards.ts";
import { attackPower, cardSuit } from "./actionCards.ts";
import { pushStack } from "./exchange.ts";
import { pub, rival, type Events } from "./state.ts";
import type { PlayerState, Seat, State } from "./types.ts";

export function triggerMatches(card: string | null, ab: Ability): boolean {
  const t = ab.trigger;
  if (!t || card === null) return false;
  const power = attackPower(card);
  if (t.suit !== undefined && cardSuit(card) !== t.suit) return false;
  if (t.attack === true && power === null) return false;
  if (t.attack === false && power !== null) return false;
  if (t.maxPower !== undefined && (power === null || power > t.maxPower)) return false;
  return true;
}

// ---------------------------------------------------------------- power and damage

export function augmentBonus(p: PlayerState, key: "power" | "damage"): number {
  let n = 0;
  for (const a of p.arts) if (a.state === "augmented") n += ARTS[a.id].augment?.[key] ?? 0;
  return n;
}

/** Current Power of a seat's Action Card (null: a CHARGE card or none). */
export function powerOf(p: PlayerState): number | null {
  if (p.placed === null) return null;
  const base = attackPower(p.placed);
  if (base === null) return null; // CHARGE cards have no Power and cannot gain it
  return base + p.powerBonus + augmentBonus(p, "power");
}

/** Stage reveal (SHOWDOWN!): both Action Cards are shown; matching automatic abilities trigger. */
export function showdown(s: State, E: Events): void {
  const off = s.offense;
  const def = rival(off);
  s.revealed = true;
  pub(E, "showdown", undefined, { cards: [s.players[0].placed, s.players[1].placed] });
  for (const seat of [off, def]) {
    const p = s.players[seat];
    if (triggerMatches(p.placed, MUSES[p.muse].ability)) s.triggers.push({ seat, source: "muse" });
    if (triggerMatches(p.placed, ADVANTAGES[p.advantage].ability)) s.triggers.push({ seat, source: "advantage" });
  }
  s.stage = "triggers";
}

/** Stage triggers: the triggered abilities go on the Exchange, then the SHOWDOWN! window runs. */
export function showdownTriggers(s: State, E: Events): void {
  const off = s.offense;
  if (s.triggers.length === 0) {
    if (s.stack.length > 0) s.window = { timing: "SHOWDOWN", priority: off, passes: 0, next: "as_window" };
    else s.stage = "as_window";
    return;
  }
  // IV.4: the OFFENSIVE player's triggers go on the Exchange first; one player's own
  // simultaneous triggers are ordered by that player.
  const seat = s.triggers[0].seat;
  const mine = s.triggers.filter((t) => t.seat === seat);
  if (mine.length > 1) {
    s.prompt = { kind: "select", seat, purpose: "order", left: mine.length };
    return;
  }
  s.triggers.shift();
  pushStack(s, seat, mine[0].source, true, E);
}

/** The player's choice of which of their simultaneous triggers goes on the Exchange next (select purpose order). */
export function orderTrigger(s: State, seat: Seat, choice: string, E: Events): void {
  const i = s.triggers.findIndex((t) => t.seat === seat && t.source === choice);
  const [t] = s.triggers.splice(i, 1);
  pushStack(s, seat, t.source, true, E);
}

/** Stage result (the end of AFTER SHOWDOWN): the higher Power wins; damage is calculated (III.4, R17). */
export function showdownResult(s: State, E: Events): void {
  const off = s.offense;
  const pw = s.players.map(powerOf);
  let winner: number;
  if (pw[0] === null && pw[1] === null) winner = -1;
  else if (pw[0] === null) winner = 1;
  else if (pw[1] === null) winner = 0;
  else winner = pw[0] > pw[1] ? 0 : pw[1] > pw[0] ? 1 : -1;
  s.showdown = winner;
  for (const seat of [0, 1] as Seat[]) {
    const p = s.players[seat];
    if (seat === winner && p.canGainDamage) {
      const total = p.damageGain + (seat === off ? 1 : 0) + augmentBonus(p, "damage");
      s.players[rival(seat)].incoming += total;
    } else {
      p.canGainDamage = false;
    }
    p.damageGain = 0;
  }
  pub(E, "showdown_result", undefined, {
    power: pw,
    winner: winner < 0 ? null : winner,
    damage: [s.players[1].incoming, s.players[0].incoming],
  });
  s.stage = "bd_window";
}
