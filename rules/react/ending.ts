/**
 * Ending the Game: 3 damage loses (R7, R14), Ties (a single effect dealing the final damage to
 * both), and the engine's turn limit (R14). Decking out is in draw.ts (2. Draw Phase).
 */
import type { GameEvent } from "../core/engine.ts";
import type { OutcomeReason } from "./protocol.ts";
import type { State } from "./types.ts";

export const LOSS_DAMAGE = 3;

/** Ends the game: no prompt, no reactor from now on. */
export function finish(s: State, ranks: number[], reason: OutcomeReason): void {
  s.outcome = { ranks, reason };
  s.prompt = null;
  s.reactor = null;
}

/** After a whole chain entry's effect (R7): one Artist at 3 damage loses; both at once is a tie. */
export function checkLoss(s: State, before: number[], ev: GameEvent[]): void {
  const dead = [0, 1].filter((i) => s.players[i].damage >= LOSS_DAMAGE);
  if (dead.length === 0) return;
  if (dead.length === 2) {
    ev.push({ type: "tie" });
    finish(s, [1, 1], "simultaneous_damage");
  } else {
    ev.push({ type: "defeated", seat: dead[0] });
    finish(s, dead[0] === 0 ? [2, 1] : [1, 2], "damage");
  }
  void before;
}
