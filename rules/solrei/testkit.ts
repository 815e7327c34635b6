/**
 * Scenario helpers for the SolRei tests (and anyone debugging the engine): start a Show,
 * rig hands/decks/damage, and drive the game with default decisions until a condition holds.
 */
import type { GameEvent } from "../core/engine.ts";
import { shuffleInPlace, type HasRng } from "../core/rng.ts";
import { advance, cardId, fullDeck } from "./engine.ts";
import { parseConfig, parseSeatConfig, solreiEngine, timeoutAction } from "./index.ts";
import type { Action, DamageState, Seat, State } from "./types.ts";

export const log: GameEvent[] = [];

/** Applies an action; remembers its events in `log` (cleared each call). */
export function A(s: State, seat: number, action: Action): State {
  const r = solreiEngine.apply(s, seat, action);
  log.length = 0;
  log.push(...r.events);
  return r.state;
}

/** A new Show at its mulligan prompt with `offense` chosen to start on OFFENSE. */
export function newShow(opts: { muses?: [string, string]; seed?: string; offense?: Seat; format?: "arcade" | "open" } = {}): State {
  const config = parseConfig(opts.format ? { format: opts.format } : {});
  const [m0, m1] = opts.muses ?? ["vesper", "liora"];
  const seats = [parseSeatConfig({ muse: m0 }, config), parseSeatConfig({ muse: m1 }, config)];
  let s = solreiEngine.setup(config, seats, opts.seed ?? "test");
  s = A(s, s.chooser, { type: "choose_first", seat: opts.offense ?? 0 });
  return s;
}

/** Both keep their hands: round 1 starts. */
export function keepBoth(s: State): State {
  s = A(s, 0, { type: "keep" });
  return A(s, 1, { type: "keep" });
}

export const c = (seat: number, short: string): string => cardId(seat, short.slice(0, -1), short.slice(-1) as "S");

/**
 * Re-deals one player's cards (mutates `s`): `hand` exactly, `damage` exactly (when given),
 * `deckTop` on top of the deck, every other card of the 52 below in a fixed order.
 * Discard/placed/cultivated cards are kept unless listed.
 */
export function rig(s: State, seat: number, spec: { hand?: string[]; deckTop?: string[]; damage?: (string | [string, DamageState])[]; deckSize?: number }): State {
  const p = s.players[seat];
  const claimed = new Set<string>();
  const hand = spec.hand?.map((x) => c(seat, x));
  const damage = spec.damage?.map((d) => (typeof d === "string" ? { card: c(seat, d), state: "up" as DamageState } : { card: c(seat, d[0]), state: d[1] }));
  const top = (spec.deckTop ?? []).map((x) => c(seat, x));
  for (const x of [...(hand ?? []), ...(damage ?? []).map((d) => d.card), ...top]) claimed.add(x);
  const remove = (list: string[]) => list.filter((x) => !claimed.has(x));
  p.discard = remove(p.discard);
  p.cultivated = remove(p.cultivated);
  if (p.placed && claimed.has(p.placed)) throw new Error("rig: placed card claimed");
  const keepHand = hand ? [] : remove(p.hand);
  const keepDamage = damage ? [] : p.damage.filter((d) => !claimed.has(d.card));
  const elsewhere = new Set([...p.discard, ...p.cultivated, ...keepHand, ...keepDamage.map((d) => d.card), ...(p.placed ? [p.placed] : []), ...claimed]);
  let rest = fullDeck(seat).filter((x) => !elsewhere.has(x));
  if (spec.deckSize !== undefined) {
    const drop = rest.slice(0, Math.max(0, rest.length + top.length - spec.deckSize));
    p.discard.push(...drop);
    rest = rest.slice(drop.length);
  }
  p.hand = hand ?? keepHand;
  p.damage = damage ?? keepDamage;
  p.deck = [...top, ...rest];
  return s;
}

/** Applies default (timeout) decisions until `until(s)` holds. */
export function drive(s: State, until: (s: State) => boolean, limit = 400): State {
  for (let i = 0; i < limit; i++) {
    if (until(s)) return s;
    if (s.outcome) throw new Error("drive: the Show ended before the condition held");
    // The first actor that owes a decision (a seat that agreed in OPEN owes none, R22).
    const seat = solreiEngine.actors(s).find((x) => timeoutAction(s, x) !== null)!;
    s = A(s, seat, timeoutAction(s, seat)!);
  }
  throw new Error("drive: condition never held");
}

export const atOpen = (s: State) => s.prompt?.kind === "open";
export const atWindow = (timing: string) => (s: State) => s.prompt === null && s.window?.timing === timing;
export const atStage = (stage: string) => (s: State) => s.stage === stage;

/** Both place and confirm; seat 0, asked again after seat 1 agreed (R22), keeps its card. */
export function playCards(s: State, card0: string, card1: string): State {
  s = A(s, 0, { type: "place", card: c(0, card0) });
  s = A(s, 1, { type: "place", card: c(1, card1) });
  s = A(s, 0, { type: "confirm" });
  s = A(s, 1, { type: "confirm" });
  return A(s, 0, { type: "confirm" });
}

/** Passes until the window of `timing` is left. */
export function passWindow(s: State): State {
  const w = s.window;
  if (!w) return s;
  const timing = w.timing;
  const all: GameEvent[] = [];
  for (let i = 0; i < 10 && s.window?.timing === timing && s.prompt === null; i++) {
    s = A(s, s.window.priority, { type: "pass" });
    all.push(...log);
  }
  log.length = 0;
  log.push(...all); // every event of the passes
  return s;
}

/** Sets engine fields then settles (for scenarios built by hand). */
export function settle(s: State): State {
  advance(s, []);
  return s;
}

/** All cards of a player, wherever they are (for accounting checks). */
export function allCardsOf(s: State, seat: number): string[] {
  const p = s.players[seat];
  return [...p.deck, ...p.hand, ...p.discard, ...p.damage.map((d) => d.card), ...p.cultivated, ...p.checking, ...(p.placed ? [p.placed] : [])];
}

/**
 * Everything `viewer` cannot see, re-dealt: the Rival's hand, deck, cultivated cards, CHECK cards
 * and (before the reveal) face-down Action Card shuffled together keeping sizes; the viewer's own
 * deck and cultivated cards shuffled together; the Rival's never-readied Arts permuted among
 * their face-down slots.
 */
export function permuteHidden(state: unknown, viewer: number, rng: HasRng): State {
  const s = structuredClone(state as State);
  const other = s.players[1 - viewer];
  const hidePlaced = other.placed !== null && !s.revealed;
  const pool = [...other.hand, ...other.deck, ...other.cultivated, ...other.checking, ...(hidePlaced ? [other.placed!] : [])];
  shuffleInPlace(rng, pool);
  let k = 0;
  const take = (n: number) => {
    const out = pool.slice(k, k + n);
    k += n;
    return out;
  };
  other.hand = take(other.hand.length);
  other.deck = take(other.deck.length);
  other.cultivated = take(other.cultivated.length);
  other.checking = take(other.checking.length);
  if (hidePlaced) other.placed = take(1)[0];
  const down = other.arts.map((a, i) => (a.state === "down" ? i : -1)).filter((i) => i >= 0);
  const ids = down.map((i) => other.arts[i].id);
  shuffleInPlace(rng, ids);
  down.forEach((slot, j) => (other.arts[slot].id = ids[j]));
  const me = s.players[viewer];
  const mine = [...me.deck, ...me.cultivated];
  shuffleInPlace(rng, mine);
  me.deck = mine.slice(0, me.deck.length);
  me.cultivated = mine.slice(me.deck.length);
  return s;
}

export { ruleErrorCode as code } from "../core/testing.ts";
