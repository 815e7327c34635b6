/**
 * The table: shared helpers every chapter uses — events, small list helpers, drawing cards,
 * copying the state, and the guards that say whether a decision is possible now.
 */
import type { GameEvent } from "../core/engine.ts";
import { RuleError, ensure } from "../core/errors.ts";
import { MUSES } from "./cards.ts";
import type { Action, PlayerState, Prompt, ReiPool, Seat, State } from "./types.ts";

export type Events = GameEvent[];

export function rival(seat: Seat): Seat {
  return (1 - seat) as Seat;
}
export function pub(E: Events, type: string, seat: Seat | undefined, fields: Record<string, unknown> = {}): void {
  E.push(seat === undefined ? { type, ...fields } : { type, seat, ...fields });
}
export function priv(E: Events, type: string, seat: Seat, fields: Record<string, unknown> = {}): void {
  E.push({ type, seat, to: [seat], ...fields });
}
export function emptyRei(): ReiPool {
  return { S: 0, H: 0, D: 0, C: 0 };
}
export function removeFrom(list: string[], card: string): void {
  const i = list.indexOf(card);
  if (i >= 0) list.splice(i, 1);
}

export function museOf(p: PlayerState) {
  return MUSES[p.muse];
}

export function drawCards(s: State, seat: Seat, n: number, E: Events, why: string): number {
  const p = s.players[seat];
  const cards = p.deck.splice(0, Math.min(n, p.deck.length));
  p.hand.push(...cards);
  if (cards.length > 0) {
    priv(E, "drew", seat, { cards, why });
    pub(E, "draw", seat, { count: cards.length, why });
  } else if (n > 0) {
    pub(E, "draw_empty", seat, { why });
  }
  return cards.length;
}

/** A deep copy of the state (hand-written: structuredClone is the hot spot of a step). */
export function cloneState(s: State): State {
  const pr = s.prompt;
  return {
    rng: s.rng.slice(),
    format: s.format,
    seats: s.seats.map((c) => ({ muse: c.muse, advantage: c.advantage, arts: c.arts.slice() })),
    act: s.act,
    acts: s.acts.map((a) => ({ winner: a.winner, reason: a.reason })),
    wins: [s.wins[0], s.wins[1]],
    chooser: s.chooser,
    firstOffense: s.firstOffense,
    round: s.round,
    offense: s.offense,
    stage: s.stage,
    prompt: pr === null ? null : pr.kind === "mulligan" || pr.kind === "open" ? { kind: pr.kind, seats: pr.seats.slice() } : { ...pr },
    window: s.window === null ? null : { timing: s.window.timing, priority: s.window.priority, passes: s.window.passes, next: s.window.next },
    // Effect step lists are immutable card data: shared, never written.
    stack: s.stack.map((x) => ({ ...x })),
    frames: s.frames.map((f) => ({ ...f })),
    nextUid: s.nextUid,
    revealed: s.revealed,
    showdown: s.showdown,
    triggers: s.triggers.map((t) => ({ seat: t.seat, source: t.source })),
    chargeQueue: s.chargeQueue.slice(),
    players: [clonePlayer(s.players[0]), clonePlayer(s.players[1])],
    outcome: s.outcome === null ? null : { ranks: s.outcome.ranks.slice(), reason: s.outcome.reason },
  };
}

export function clonePlayer(p: PlayerState): PlayerState {
  return {
    muse: p.muse,
    advantage: p.advantage,
    arts: p.arts.map((a) => ({ id: a.id, state: a.state })),
    deck: p.deck.slice(),
    hand: p.hand.slice(),
    discard: p.discard.slice(),
    damage: p.damage.map((d) => ({ card: d.card, state: d.state })),
    cultivated: p.cultivated.slice(),
    checking: p.checking.slice(),
    placed: p.placed,
    confirmed: p.confirmed,
    confirmedAfterRival: p.confirmedAfterRival,
    mulligan: p.mulligan,
    rei: { S: p.rei.S, H: p.rei.H, D: p.rei.D, C: p.rei.C },
    powerBonus: p.powerBonus,
    damageGain: p.damageGain,
    canGainDamage: p.canGainDamage,
    incoming: p.incoming,
    damagedThisRound: p.damagedThisRound,
    grappled: p.grappled,
    used: p.used.slice(),
  };
}

export function needPrompt<K extends Prompt["kind"]>(s: State, kind: K, what: string): Extract<Prompt, { kind: K }> {
  const pr = s.prompt;
  if (!pr || pr.kind !== kind) {
    throw new RuleError("wrong_timing", `${what} is not possible now (${describeWait(s)})`);
  }
  return pr as Extract<Prompt, { kind: K }>;
}

export function needWindow(s: State, seat: Seat, what: string) {
  if (s.prompt || !s.window || s.frames.length > 0) {
    throw new RuleError("wrong_timing", `${what} is possible only while you hold priority in an ability window (${describeWait(s)})`);
  }
  ensure(s.window.priority === seat, "not_your_turn", "your Rival holds priority");
  return s.window;
}

export function describeWait(s: State): string {
  if (s.outcome) return "the Show is over";
  const pr = s.prompt;
  if (pr) {
    if (pr.kind === "select") return `waiting for seat ${pr.seat} to choose (${pr.purpose})`;
    if (pr.kind === "mulligan" || pr.kind === "open") return `waiting for seats ${pr.seats.join(", ")} (${pr.kind})`;
    return `waiting for seat ${pr.seat} (${pr.kind})`;
  }
  if (s.window) return `${s.window.timing} window, seat ${s.window.priority} has priority`;
  return s.stage;
}

/** One decision of a given type (the handlers of engine.ts's dispatch table take these). */
export type ActionOf<T extends Action["type"]> = Extract<Action, { type: T }>;
