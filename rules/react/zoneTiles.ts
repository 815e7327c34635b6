/**
 * Zone Tiles (glossary, R20): the Tagger's Murals. One tile per zone, none where another
 * Artist's tile lies, at most the supply; a tile does not fill its zone. The Tagger's passive
 * (original): an opponent's unit entering a zone with her Mural takes 1 damage there and the
 * Mural returns. "Entering" = move, jump, swap (R24), summon.
 */
import type { GameEvent } from "../core/engine.ts";
import { ARTISTS } from "./cards.ts";
import { damageZone } from "./damage.ts";
import type { Seat, State, Unit } from "./types.ts";

/** Zone Tiles (R20): one per zone; none where another Artist's tile lies; at most the supply. */
export function placeMural(s: State, seat: Seat, zone: number, ev: GameEvent[]): void {
  const tile = s.tiles[zone];
  if (tile) {
    ev.push({ type: "fizzle", seat, reason: tile.owner === seat ? "one_tile_per_zone" : "other_artists_tile" });
    return;
  }
  const used = s.tiles.filter((t) => t?.owner === seat).length;
  if (used >= ARTISTS[s.players[seat].artist].muralTiles) {
    ev.push({ type: "fizzle", seat, reason: "no_mural" });
    return;
  }
  s.tiles[zone] = { owner: seat, kind: "mural" };
  ev.push({ type: "tile", seat, kind: "mural", zone });
}

/** Passives that trigger when a unit enters a zone: the Tagger's Murals (R20, R24). */
export function entered(s: State, u: Unit, ev: GameEvent[]): void {
  const z = u.pos!;
  const tile = s.tiles[z];
  if (tile?.kind !== "mural" || tile.owner === u.owner) return;
  ev.push({ type: "mural_triggered", seat: tile.owner, unit: u.id, zone: z });
  damageZone(s, z, ev);
  s.tiles[z] = null;
  ev.push({ type: "tile_removed", seat: tile.owner, zone: z });
}
