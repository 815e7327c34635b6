/**
 * 4.1 Turn Phases: Ready Phase (EN, readying, Regen, the Slow Tag), End Phase and 2.7 The System Refresh.
 */
import { ensure } from "../../core/errors.ts";
import type { Action, State } from "../types.ts";
import { finish, removeDamage } from "./damage.ts";
import { HAND_SIZE, MAX_EN, MAX_TURNS, TAG, type Events } from "./definitions.ts";
import { drawCards } from "./library.ts";
import { removable, removeTag } from "./tags.ts";
import { focusOf, hasTag } from "./unitStats.ts";
import { isPlayerUnit, unitById } from "./units.ts";

export function startTurn(s: State, seat: number, ev: Events): void {
  s.turnSeat = seat;
  s.turn++;
  s.playerActions = 0;
  const p = s.players[seat];
  p.karmaGainedThisTurn = false;
  s.phase = "ready";
  ev.push({ type: "turn", seat, turn: s.turn });
  if (s.turn > MAX_TURNS) {
    finish(s, "turn_limit", ev);
    return;
  }
  // Effects lasting "until the start of Your next turn" / "until Your next turn".
  for (const u of [p.self, ...p.animations]) {
    u.untargetable = false;
    u.powerBonus = 0;
  }
  // Regen (7.4): at the start of the Ready Phase.
  for (const u of [p.self, ...p.animations]) if (hasTag(s, u, TAG.regen)) removeDamage(s, u, 1, ev);
  // Gain EN = Focus, not on the game's first turn; max 10.
  if (s.turn > 1) {
    p.en = Math.min(MAX_EN, p.en + focusOf(s, p.self));
    ev.push({ type: "en", seat, en: p.en });
  }
  s.slowQueue = [p.self, ...p.animations].filter((u) => u.tags.some((t) => t.id === TAG.slow) && !u.suppressed).map((u) => u.id);
  continueReady(s);
}

export function continueReady(s: State): void {
  const p = s.players[s.turnSeat];
  while (s.slowQueue.length > 0) {
    const u = unitById(s, s.slowQueue[0]);
    if (u && p.en >= 1 && removable(s, u.tags.find((t) => t.id === TAG.slow)!)) return; // ask
    s.slowQueue.shift();
  }
  for (const u of [p.self, ...p.animations]) {
    if (u.suppressed) continue; // 2.10
    if (hasTag(s, u, TAG.slow)) continue;
    if (u.skipReady) {
      u.skipReady = false;
      continue;
    }
    u.spent = false;
    u.growthActive = false;
    // 4.1.1 "Remove any Player Spent Tokens": readying the Player. A Slow Tag or Impact keeps them (RULINGS R49).
    if (isPlayerUnit(u)) p.spentTokens = 0;
  }
  s.phase = "action";
}

export function applySlow(s: State, seat: number, a: Extract<Action, { type: "slow" }>, ev: Events): void {
  ensure(s.phase === "ready" && s.slowQueue[0] === a.unit, "illegal_move", "no Slow decision for that unit now");
  s.slowQueue.shift();
  if (a.pay) {
    const p = s.players[seat];
    p.en -= 1;
    removeTag(unitById(s, a.unit)!, TAG.slow);
    ev.push({ type: "slow_removed", unit: a.unit, en: p.en });
  }
  continueReady(s);
}

export function endTurn(s: State, ev: Events): void {
  s.phase = "refresh";
  continueRefresh(s, ev);
}

export function continueRefresh(s: State, ev: Events): void {
  const seat = s.turnSeat;
  const p = s.players[seat];
  if (p.eliminated === null) {
    if (p.hand.length > HAND_SIZE) return; // the player chooses the discards
    if (p.hand.length < HAND_SIZE) drawCards(s, seat, HAND_SIZE - p.hand.length, ev);
  }
  // End-of-turn: Lingering locks expire by turn number (removable()); no Tag of Appendix D triggers here (RULINGS R16).
  if (s.outcome) return;
  let next = (seat + 1) % s.players.length;
  while (s.players[next].eliminated !== null) next = (next + 1) % s.players.length;
  startTurn(s, next, ev);
}
