/**
 * Exhaust and Refresh (glossary, R23). "Exhaust me" costs need a refreshed unit (checked where
 * costs are paid: reactChain.ts); exhausting an exhausted unit does nothing; the End Phase
 * refreshes exactly the exhausted units on the board.
 */
import type { GameEvent } from "../core/engine.ts";
import { unitAt } from "./field.ts";
import type { Seat, State } from "./types.ts";

/** An effect's "exhaust the unit in the target zone" (R23). */
export function exhaustTarget(s: State, seat: Seat, zone: number, ev: GameEvent[]): void {
  const u = unitAt(s, zone);
  if (!u) ev.push({ type: "fizzle", seat, reason: "no_unit" });
  else if (u.exhausted) ev.push({ type: "exhaust_ignored", seat, unit: u.id });
  else {
    u.exhausted = true;
    ev.push({ type: "exhaust", seat, unit: u.id });
  }
}

/** End Phase Refresh (R23): only exhausted Artists and Summons are refreshed, in unit-id order; those in the pool stay as they are. */
export function refreshAll(s: State, ev: GameEvent[]): void {
  for (const id of Object.keys(s.units).sort()) {
    const u = s.units[id];
    if (u.exhausted && u.pos !== null) {
      u.exhausted = false;
      ev.push({ type: "refresh", seat: u.owner, unit: u.id });
    }
  }
}
