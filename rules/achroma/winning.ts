/**
 * WINNING THE GAME: the game is over and every seat ranked, the winner first, then the players
 * still in by bank (R13), then the leavers, the last to leave first; the R12 turn cap is a draw
 * among the players still in.
 */
import type { GameEvent } from "../core/engine.ts";
import type { OutcomeReason, Seat, State } from "./types.ts";

export function finish(s: State, winner: Seat | null, reason: OutcomeReason, ev: GameEvent[]): void {
  const key = (i: number): number[] => {
    const p = s.players[i];
    if (i === winner) return [2, 0];
    // R12: the turn cap is a draw among the players still in the game; otherwise they rank by bank (R13).
    if (!p.out) return [1, reason === "turn_limit" ? 0 : p.bank];
    return [0, s.leftOrder.indexOf(i)];
  };
  const better = (a: number[], b: number[]) => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);
  const ranks = s.players.map((_, i) => 1 + s.players.filter((_, j) => better(key(j), key(i))).length);
  s.outcome = { ranks, reason };
  s.phase = "over";
  s.prompt = null;
  s.stack = [];
  s.combat = null;
  ev.push({ type: "game_over", winner, reason, ranks });
}
