/**
 * Rules for Summons (Summoning) and the glossary's "Summons": a Summon enters refreshed and
 * clean; summoning into an occupied zone, or with no Summon left in the pool, fails. (Summon
 * Health, removal at 0 HP, is in damage.ts.)
 */
import type { GameEvent } from "../core/engine.ts";
import { ARTISTS } from "./cards.ts";
import { unitAt } from "./field.ts";
import type { Seat, State, Unit } from "./types.ts";
import { entered } from "./zoneTiles.ts";

/** Puts pool unit `u` on `zone` (refreshed, no Ink) and lets it enter the zone (R20). */
export function summon(s: State, u: Unit, zone: number, ev: GameEvent[]): void {
  u.pos = zone;
  u.exhausted = false;
  u.inked = false;
  ev.push({ type: "summon", seat: u.owner, unit: u.id, zone });
  entered(s, u, ev);
}

/** A card's "Summon one of your <kind> into the target zone": the first available one in id order. */
export function summonInto(s: State, seat: Seat, kind: string, z: number, ev: GameEvent[]): void {
  const avail = ARTISTS[s.players[seat].artist].summons.filter((id) => id.startsWith(kind) && s.units[id].pos === null);
  if (avail.length === 0) {
    ev.push({ type: "fizzle", seat, reason: "no_summon_available" });
    return;
  }
  if (unitAt(s, z) || avail.length === 0) {
    ev.push({ type: "fizzle", seat, reason: "summon_failed" });
    return;
  }
  summon(s, s.units[avail[0]], z, ev);
}
