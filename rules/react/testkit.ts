/** Scenario helpers for the Re;ACT tests: start a game, rig hands/board, apply actions. */
import type { GameEvent } from "../core/engine.ts";
import { RuleError } from "../core/errors.ts";
import { shuffleInPlace, type HasRng } from "../core/rng.ts";
import { reactEngine, parseConfig, parseSeatConfig } from "./index.ts";
import type { Action, Seat, State } from "./types.ts";

export const log: GameEvent[] = [];

export function A(s: State, seat: number, action: Action): State {
  const r = reactEngine.apply(s, seat, action);
  log.length = 0;
  log.push(...r.events);
  return r.state;
}

export function codeOf(f: () => unknown): string | null {
  try {
    f();
  } catch (e) {
    if (e instanceof RuleError) return e.code;
    throw e;
  }
  return null;
}

/** Calligrapher (seat 0) vs Dancer (seat 1), turn 1 MAIN with `tp` as Turn Player. */
export function newGame(tp: Seat = 0, seed = "test"): State {
  const cfg = parseConfig({});
  const s = reactEngine.setup(cfg, [parseSeatConfig({ artist: "calligrapher" }), parseSeatConfig({ artist: "dancer" })], seed);
  s.turnPlayer = tp;
  return s;
}

export const zone = (row: number, col: number): number => row * 5 + col;

/** Sets the hand to one instance of each listed card definition; every other card goes to the deck. */
export function setHand(s: State, seat: Seat, defs: string[]): void {
  const p = s.players[seat];
  const pool = [...p.hand, ...(p.deck ?? [])].sort();
  const hand: string[] = [];
  for (const d of defs) {
    const i = pool.findIndex((c) => c.startsWith(`${d}#`));
    if (i < 0) throw new Error(`setHand: no ${d} left`);
    hand.push(pool.splice(i, 1)[0]);
  }
  p.hand = hand;
  p.deck = pool;
}

/** Places units (ids) at zones; other units keep their places unless moved off with null. */
export function place(s: State, where: Record<string, number | null>): void {
  for (const [id, z] of Object.entries(where)) s.units[id].pos = z;
}

export function card(s: State, seat: Seat, def: string): string {
  const c = s.players[seat].hand.find((x) => x.startsWith(`${def}#`));
  if (!c) throw new Error(`no ${def} in hand`);
  return c;
}

/** Re-deals what `viewer` cannot see: the opponent's hand + deck together, and every deck's order. */
export function permuteHidden(state: unknown, viewer: number, rng: HasRng): unknown {
  const s = structuredClone(state as State);
  const opp = s.players[1 - viewer];
  if (opp.deck) {
    const pool = shuffleInPlace(rng, [...opp.hand, ...opp.deck]);
    opp.hand = pool.slice(0, opp.hand.length);
    opp.deck = pool.slice(opp.hand.length);
  }
  const mine = s.players[viewer];
  if (mine.deck) shuffleInPlace(rng, mine.deck);
  return s;
}

/** A game between two given Artists (seat 0, seat 1), turn 1 MAIN with `tp` as Turn Player. */
export function newGameWith(a0: string, a1: string, tp: Seat = 0, seed = "test"): State {
  const cfg = parseConfig({});
  const s = reactEngine.setup(cfg, [parseSeatConfig({ artist: a0 }), parseSeatConfig({ artist: a1 })], seed);
  s.turnPlayer = tp;
  return s;
}

/** Plays an Intention, then both pass (opponent first) so the chain resolves. */
export function playAndResolve(s: State, seat: Seat, action: Action): State {
  s = A(s, seat, action);
  s = A(s, 1 - seat, { type: "pass" });
  return A(s, seat, { type: "pass" });
}
