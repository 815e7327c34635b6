/**
 * Tokens (glossary): "You cannot place more tokens than you have in total"; a removed token
 * returns to its owner. Ink (R15: a flag on its unit, moves and swaps with it) and Scale tokens
 * (the Dancer's passive, R10: a third Scale in a zone summons a Dancing Fish there).
 * Zone Tiles and Block Tokens have their own modules.
 */
import type { GameEvent } from "../core/engine.ts";
import { ARTISTS } from "./cards.ts";
import { unitAt } from "./field.ts";
import { summon } from "./summons.ts";
import type { Seat, State, Unit } from "./types.ts";

export const MAX_SCALES_PER_ZONE = 3;

function inkPool(s: State, seat: Seat): number {
  const total = ARTISTS[s.players[seat].artist].inkTokens;
  return total - Object.values(s.units).filter((u) => u.inked).length;
}

/** Adds an Ink to `u` (nothing when it is off the board or already inked; fails with no Ink left). */
export function inkUnit(s: State, seat: Seat, u: Unit | null, ev: GameEvent[]): void {
  if (!u || u.pos === null || u.inked) return;
  const pool = inkPool(s, seat);
  if (pool <= 0) {
    ev.push({ type: "fizzle", seat, reason: "no_ink" });
    return;
  }
  u.inked = true;
  ev.push({ type: "ink", seat, unit: u.id });
}

function scalePool(s: State, seat: Seat): number {
  return ARTISTS[s.players[seat].artist].scaleTokens - s.scales.reduce((a, b) => a + b, 0);
}

export function placeScale(s: State, seat: Seat, zone: number, ev: GameEvent[]): void {
  if (scalePool(s, seat) <= 0) {
    ev.push({ type: "fizzle", seat, reason: "no_scale" });
    return;
  }
  s.scales[zone]++;
  ev.push({ type: "scale", seat, zone, count: s.scales[zone] });
  if (s.scales[zone] >= MAX_SCALES_PER_ZONE) {
    // Dancer passive (R10): the third Scale in a zone returns the three and summons a Dancing Fish there.
    s.scales[zone] = 0;
    const fish = ARTISTS[s.players[seat].artist].summons.find((id) => s.units[id].pos === null);
    if (fish && !unitAt(s, zone)) summon(s, s.units[fish], zone, ev);
    else ev.push({ type: "fizzle", seat, reason: "summon_failed" });
  }
}
