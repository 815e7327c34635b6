/**
 * 1. Masterpiece Phase: Progressing your Masterpiece (Masterpiece Progression Rules, R5) and
 * completing it: Ascend, and re-ascend after descending (R6). Glossary: "Masterpiece Cards",
 * "Masterpiece Zone", "Progressing your Masterpiece". The phase itself is a `progress` prompt
 * (turn.ts); "Progress your Masterpiece" effects use the same prompt.
 */
import type { GameEvent } from "../core/engine.ts";
import { other } from "./field.ts";
import type { Action, Seat, State } from "./types.ts";

export const MP_SLOTS = 5;

/** Complete (R6): your parts 0, 1, 2 in three consecutive slots, left to right. */
export function mpComplete(s: State, seat: Seat): boolean {
  for (let i = 0; i + 2 < MP_SLOTS; i++) {
    if ([0, 1, 2].every((k) => s.mpZone[i + k]?.seat === seat && s.mpZone[i + k]?.part === k)) return true;
  }
  return false;
}

/** The parts of `seat`'s Masterpiece not in the Masterpiece Zone. */
export function mpUnplaced(s: State, seat: Seat): number[] {
  return [0, 1, 2].filter((k) => !s.mpZone.some((c) => c?.seat === seat && c.part === k));
}

/** Completing your Masterpiece (R6), Turn Player first: ascend and remove your cards, unless already ascended. */
export function checkAscension(s: State, ev: GameEvent[]): void {
  for (const seat of [s.turnPlayer, other(s.turnPlayer)]) {
    if (!mpComplete(s, seat) || s.players[seat].ascended) continue;
    s.players[seat].ascended = true;
    for (let i = 0; i < MP_SLOTS; i++) if (s.mpZone[i]?.seat === seat) s.mpZone[i] = null;
    ev.push({ type: "ascend", seat });
  }
}

/** Descend my Artist, then re-ascend at once if the Masterpiece is still connected (R6). */
export function descend(s: State, seat: Seat, ev: GameEvent[]): void {
  const p = s.players[seat];
  if (!p.ascended) return;
  p.ascended = false;
  ev.push({ type: "descend", seat });
  checkAscension(s, ev);
}

/**
 * Masterpiece Progression Rules (R5): place into an empty space (mandatory); with no empty space,
 * you may replace an opponent's card; with all 3 placed, you may swap any 2 spaces.
 */
export function progressOptions(s: State, seat: Seat): Action[] {
  const unplaced = mpUnplaced(s, seat);
  const empty = [...s.mpZone.keys()].filter((i) => s.mpZone[i] === null);
  const out: Action[] = [];
  if (unplaced.length > 0 && empty.length > 0) {
    for (const part of unplaced) for (const slot of empty) out.push({ type: "mp_place", part, slot });
    return out;
  }
  if (unplaced.length > 0) {
    for (const part of unplaced) for (let slot = 0; slot < MP_SLOTS; slot++) if (s.mpZone[slot]?.seat === other(seat)) out.push({ type: "mp_place", part, slot });
  } else {
    for (let a = 0; a < MP_SLOTS; a++) for (let b = a + 1; b < MP_SLOTS; b++) if (s.mpZone[a] !== null || s.mpZone[b] !== null) out.push({ type: "mp_swap", a, b });
  }
  out.push({ type: "mp_pass" });
  return out;
}

/** Applies a progression choice (`mp_place`, `mp_swap`, `mp_pass`), then checks for completion. */
export function applyProgress(s: State, seat: Seat, a: Action, ev: GameEvent[]): void {
  if (a.type === "mp_place") {
    const replaced = s.mpZone[a.slot];
    s.mpZone[a.slot] = { seat, part: a.part };
    ev.push({ type: "mp_place", seat, part: a.part, slot: a.slot, replaced: replaced ?? undefined });
  } else if (a.type === "mp_swap") {
    [s.mpZone[a.a], s.mpZone[a.b]] = [s.mpZone[a.b], s.mpZone[a.a]];
    ev.push({ type: "mp_swap", seat, a: a.a, b: a.b });
  } else {
    ev.push({ type: "mp_pass", seat });
  }
  checkAscension(s, ev);
}
