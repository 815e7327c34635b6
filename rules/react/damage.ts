/**
 * Damage (glossary "Damage (Artist)", "Damage (Summons)"): damage is dealt to a zone. A Block
 * token there negates it and leaves (R21); an Artist takes 1 (capped at 3, R14); a Summon has
 * 1 HP, so it is removed to its pool and loses its tokens (Rules for Summons: Summon Health).
 */
import type { GameEvent } from "../core/engine.ts";
import { LOSS_DAMAGE } from "./ending.ts";
import { unitAt } from "./field.ts";
import type { State } from "./types.ts";

export function damageZone(s: State, zone: number, ev: GameEvent[]): void {
  if (s.blocks[zone] !== null) {
    // A Block token negates the damage and leaves (R21).
    ev.push({ type: "blocked", seat: s.blocks[zone]!, zone });
    s.blocks[zone] = null;
    return;
  }
  const u = unitAt(s, zone);
  if (!u) {
    ev.push({ type: "damage_miss", zone });
    return;
  }
  if (u.kind === "artist") {
    s.players[u.owner].damage = Math.min(LOSS_DAMAGE, s.players[u.owner].damage + 1);
    ev.push({ type: "damage", seat: u.owner, unit: u.id, zone, total: s.players[u.owner].damage });
  } else {
    u.pos = null;
    u.inked = false;
    u.exhausted = false;
    u.armament = null;
    ev.push({ type: "summon_removed", seat: u.owner, unit: u.id, zone });
  }
}
