/**
 * Block Tokens (glossary, R21): placed in a zone (not on a unit), one per zone, at most the
 * supply; they negate the next damage to their zone (see damage.ts) or leave when the turn ends.
 */
import type { GameEvent } from "../core/engine.ts";
import { ARTISTS } from "./cards.ts";
import { ZONES } from "./field.ts";
import type { Seat, State } from "./types.ts";

/** Block tokens (R21): one per zone, at most the supply. */
export function placeBlock(s: State, seat: Seat, zone: number, ev: GameEvent[]): void {
  if (s.blocks[zone] !== null) {
    ev.push({ type: "fizzle", seat, reason: "zone_already_blocked" });
    return;
  }
  if (s.blocks.filter((b) => b === seat).length >= ARTISTS[s.players[seat].artist].blockTokens) {
    ev.push({ type: "fizzle", seat, reason: "no_block" });
    return;
  }
  s.blocks[zone] = seat;
  ev.push({ type: "block", seat, zone });
}

/** End Phase (R21): every Block token leaves, in zone order. */
export function removeBlocks(s: State, ev: GameEvent[]): void {
  for (let z = 0; z < ZONES; z++) {
    if (s.blocks[z] === null) continue;
    ev.push({ type: "block_removed", seat: s.blocks[z]!, zone: z });
    s.blocks[z] = null;
  }
}
