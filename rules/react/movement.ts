/**
 * Rules for Movement (Move, Jump) and the glossary's "Move / Movement", "Jump" and "Swap", with
 * the Painter's Armament (R22) that moves with its unit and must stay on the board. Every unit
 * that arrives in a zone "enters" it (Zone Tiles, R20/R24).
 */
import type { GameEvent } from "../core/engine.ts";
import { checkLoss } from "./ending.ts";
import { FIELD_W, artistUnit, step, unitAt } from "./field.ts";
import type { Action, Dir, Seat, State, Unit } from "./types.ts";
import { DIRS } from "./types.ts";
import { entered } from "./zoneTiles.ts";

/** The zone a unit's Armament lies in (R22), or null. */
export function armamentZone(u: Unit): number | null {
  return u.armament && u.pos !== null ? step(u.pos, u.armament) : null;
}

/** Whether `u` may stand in `zone`: on the board, no other unit there, its Armament on the board (R22). */
function fits(s: State, u: Unit, zone: number | null, ignore?: Unit): boolean {
  if (zone === null) return false;
  const there = unitAt(s, zone);
  if (there && there !== u && there !== ignore) return false;
  return !u.armament || step(zone, u.armament) !== null;
}

/** Puts `u` on `to` (entering it), or reports `<kind>_failed` when `to` is off the board or does not fit. */
function relocate(s: State, u: Unit, to: number | null, dir: Dir, kind: "move" | "jump", ev: GameEvent[]): boolean {
  if (to === null || !fits(s, u, to)) {
    ev.push({ type: `${kind}_failed`, seat: u.owner, unit: u.id, dir });
    return false;
  }
  ev.push({ type: kind, seat: u.owner, unit: u.id, from: u.pos, into: to });
  u.pos = to;
  entered(s, u, ev);
  return true;
}

/** Move 1 space (orthogonal); into an occupied zone or off the board it fails. */
export function moveUnit(s: State, u: Unit, dir: Dir, ev: GameEvent[]): boolean {
  return relocate(s, u, step(u.pos!, dir), dir, "move", ev);
}

/** Flowing Ink (R8): every inked unit moves 1 space, the one furthest along `dir` first. */
export function moveInked(s: State, dir: Dir, ev: GameEvent[]): void {
  const inked = Object.values(s.units).filter((u) => u.inked && u.pos !== null);
  // Leading units move first, so a line of inked units moves together (R8).
  const lead = (u: Unit) => {
    const r = Math.floor(u.pos! / FIELD_W);
    const c = u.pos! % FIELD_W;
    return dir === "N" ? r : dir === "S" ? -r : dir === "E" ? -c : c;
  };
  inked.sort((a, b) => lead(a) - lead(b) || a.id.localeCompare(b.id));
  for (const u of inked) moveUnit(s, s.units[u.id], dir, ev);
}

/** Jump (R18): move in `dir` until entering an empty zone, skipping zones occupied by other units. */
export function jumpUnit(s: State, u: Unit, dir: Dir, ev: GameEvent[]): boolean {
  let to = step(u.pos!, dir);
  while (to !== null && unitAt(s, to)) to = step(to, dir);
  return relocate(s, u, to, dir, "jump", ev);
}

/** Swap (R24): tokens on the units (Ink, Armament) go along; an invalid result fails; both units enter. */
export function swapUnits(s: State, a: Unit, b: Unit, ev: GameEvent[]): void {
  if (!fits(s, a, b.pos, b) || !fits(s, b, a.pos, a)) {
    ev.push({ type: "swap_failed", a: a.id, b: b.id });
    return;
  }
  [a.pos, b.pos] = [b.pos, a.pos];
  ev.push({ type: "swap", a: a.id, b: b.id });
  entered(s, a, ev);
  if (b.pos !== null) entered(s, b, ev);
}

/**
 * Pivoting Step's choice (R9): every zone adjacent to the Dancer. Zones with a unit come first
 * (the opponent's units, then her own, each in the order N, E, S, W: the timeout default, R11),
 * then the empty ones, which she may declare to fail on purpose.
 */
export function swapOptions(s: State, seat: Seat): Action[] {
  const rank = (z: number) => {
    const u = unitAt(s, z);
    return u === null ? 2 : u.owner === seat ? 1 : 0;
  };
  const zones = DIRS.map((d) => step(artistUnit(s, seat).pos!, d)).filter((z): z is number => z !== null);
  return zones
    .map((z, i) => ({ z, i, r: rank(z) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map(({ z }) => ({ type: "swap_pick", zone: z }));
}

/** Pivoting Step resumes (R9): swap with the unit in the chosen zone, or fail on purpose; Mural damage is checked for a loss at once. */
export function pickSwap(s: State, seat: Seat, zone: number, ev: GameEvent[]): void {
  const before = [s.players[0].damage, s.players[1].damage];
  const u = unitAt(s, zone);
  if (u) swapUnits(s, artistUnit(s, seat), u, ev);
  else ev.push({ type: "fizzle", seat, reason: "no_unit_in_zone" });
  checkLoss(s, before, ev);
}

/** Take up or turn my Armament to face `dir` (R22); facing off the board fails. */
export function turnArmament(seat: Seat, me: Unit, dir: Dir, ev: GameEvent[]): void {
  if (step(me.pos!, dir) === null) ev.push({ type: "fizzle", seat, reason: "armament_off_board" });
  else {
    me.armament = dir;
    ev.push({ type: "armament", seat, unit: me.id, dir });
  }
}
