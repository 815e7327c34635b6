/**
 * The Field (Setting up the Game 2a, ruling R1) and the glossary's "Zone" and "Adjacent": a 5×5
 * board, zones numbered `row * 5 + col`, one unit per zone, adjacency always orthogonal.
 */
import type { Dir, Seat, State, Unit } from "./types.ts";
import { DIRS } from "./types.ts";

/** Field size (ruling R1). */
export const FIELD_W = 5;
export const FIELD_H = 5;
export const ZONES = FIELD_W * FIELD_H;

/** The other seat (1v1). */
export const other = (s: Seat): Seat => (1 - s) as Seat;

/** The zone one step from `zone` in `dir`, or null off the board. */
export function step(zone: number, dir: Dir): number | null {
  const r = Math.floor(zone / FIELD_W);
  const c = zone % FIELD_W;
  const [nr, nc] = dir === "N" ? [r - 1, c] : dir === "S" ? [r + 1, c] : dir === "E" ? [r, c + 1] : [r, c - 1];
  if (nr < 0 || nr >= FIELD_H || nc < 0 || nc >= FIELD_W) return null;
  return nr * FIELD_W + nc;
}

/** Adjacent (glossary): the orthogonal neighbours of `zone`, in the order N, E, S, W. */
export function adjacent(zone: number): number[] {
  const out: number[] = [];
  for (const d of DIRS) {
    const z = step(zone, d);
    if (z !== null) out.push(z);
  }
  return out;
}

/** `adjacent(z)` for every zone, computed once (never mutate). */
export const ADJACENT: readonly number[][] = Array.from({ length: ZONES }, (_, z) => adjacent(z));

/** The unit in `zone` (Zone: only one unit per zone), or null. */
export function unitAt(s: State, zone: number): Unit | null {
  for (const id in s.units) if (s.units[id].pos === zone) return s.units[id];
  return null;
}

export function artistUnit(s: State, seat: Seat): Unit {
  return s.units[s.players[seat].artist];
}
