/** Ranked matches that players abandoned: the room's own outcome, for every game alike. */
import type { Outcome, Seat } from "../rules/core/engine.ts";

/** The outcome reason when a ranked match ended because players left it (the room's, not the engine's). */
export const ABANDONED = "abandoned";

/**
 * Ranks when players abandoned: the remaining seats keep their order from the engine's outcome
 * (or all rank 1 when the match ended because the others left), and every abandoned seat ranks
 * below them, the earliest leaver last.
 */
export function abandonedOutcome(seatCount: number, abandoned: readonly Seat[], engine: Outcome | null): Outcome {
  const remaining = Array.from({ length: seatCount }, (_, seat) => seat).filter((seat) => !abandoned.includes(seat));
  const ranks = new Array<number>(seatCount).fill(0);
  for (const seat of remaining) {
    ranks[seat] = engine ? 1 + remaining.filter((o) => engine.ranks[o]! < engine.ranks[seat]!).length : 1;
  }
  abandoned.forEach((seat, i) => (ranks[seat] = remaining.length + (abandoned.length - i)));
  return { ranks, reason: engine ? engine.reason : ABANDONED };
}
