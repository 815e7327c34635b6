/**
 * Scenario helpers for the Resonance tests: start a game past World Weaving, move cards,
 * put Animations and Items in play, register fixture cards, and drive actions.
 */
import type { GameEvent } from "../core/engine.ts";
import { shuffleInPlace, type HasRng } from "../core/rng.ts";
import { addFixtureCards } from "./catalog.ts";
import { newUnit } from "./engine.ts";
import { parseConfig, parseSeatConfig, resonanceEngine, sampleSeatConfig } from "./index.ts";
import type { Action, KeywordId, State, TagId, Unit } from "./types.ts";

/** Events of every action applied through A() since the last clear(). */
export const log: GameEvent[] = [];
export function clear(): void {
  log.length = 0;
}

/** Applies an action; appends its events to `log`. */
export function A(s: State, seat: number, action: Action): State {
  const r = resonanceEngine.apply(s, seat, action);
  log.push(...r.events);
  return r.state;
}

/** A game after World Weaving: seats pick `modules` in draft order (default 1..10). */
export function game(opts: { players?: number; seed?: string; modules?: number[]; seats?: unknown[] } = {}): State {
  const players = opts.players ?? 2;
  const config = parseConfig({ players });
  const seats = (opts.seats ?? Array.from({ length: players }, (_, i) => sampleSeatConfig(i))).map((x) => parseSeatConfig(x, config));
  let s = resonanceEngine.setup(config, seats, opts.seed ?? "test");
  const wanted = [...(opts.modules ?? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])];
  while (s.phase === "draft") {
    const m = wanted.shift() ?? s.pool[0];
    s = A(s, s.picker, { type: "pick", module: m });
  }
  return s;
}

let fixtureN = 0;
/** A fixture Animation (not in any module). */
export function fixtureAnimation(power: number, focus: number, keywords: string[], name = "Fixture"): string {
  const id = `fx${++fixtureN}-a`;
  addFixtureCards([{ kind: "animation", id, module: 0, name, power: power as 1, focus: focus as 1, keywords: keywords as KeywordId[] }]);
  return id;
}
export function fixtureItem(power: number, keywords: string[], name = "Fixture Item"): string {
  const id = `fx${++fixtureN}-i`;
  addFixtureCards([{ kind: "item", id, module: 0, name, power: power as 1, keywords: keywords as KeywordId[] }]);
  return id;
}

/** Removes a card from wherever it is (deck, discard, hands, play). */
export function take(s: State, id: string): void {
  s.mainDeck = s.mainDeck.filter((c) => c !== id);
  s.discard = s.discard.filter((c) => c !== id);
  for (const p of s.players) {
    p.hand = p.hand.filter((c) => c !== id);
    p.animations = p.animations.filter((u) => u.card !== id);
    for (const u of [p.self, ...p.animations]) u.items = u.items.filter((c) => c !== id);
  }
}

/** Sets a hand exactly (cards taken from wherever they are; old hand cards go under the deck). */
export function hand(s: State, seat: number, ids: string[]): State {
  const p = s.players[seat];
  const old = p.hand.filter((c) => !ids.includes(c));
  for (const id of ids) take(s, id);
  p.hand = [...ids];
  s.mainDeck.push(...old);
  return s;
}

/** Puts the given cards on top of the Main Deck. */
export function deckTop(s: State, ids: string[]): State {
  for (const id of ids) take(s, id);
  s.mainDeck.unshift(...ids);
  return s;
}

/** Puts an Animation in play under `seat` (readied unless `spent`). */
export function anim(s: State, seat: number, cardId: string, opts: { spent?: boolean; items?: string[]; tags?: TagId[]; damage?: number } = {}): Unit {
  take(s, cardId);
  const u = newUnit(cardId, cardId, seat);
  u.spent = opts.spent ?? false;
  u.damage = opts.damage ?? 0;
  for (const i of opts.items ?? []) {
    take(s, i);
    u.items.push(i);
  }
  u.tags = (opts.tags ?? []).map((id) => ({ id, lockedUntilTurn: null }));
  s.players[seat].animations.push(u);
  return u;
}

/** Equips an Item directly (no action). */
export function equip(s: State, unitId: string, itemId: string): State {
  take(s, itemId);
  const u = [...s.players.flatMap((p) => [p.self, ...p.animations])].find((x) => x.id === unitId)!;
  u.items.push(itemId);
  return s;
}

/** Sets up the turn player's Action Phase on turn `turn` (default 5: past the First Turn Restriction). */
export function actionPhase(s: State, seat: number, turn = 5): State {
  s.turnSeat = seat;
  s.turn = turn;
  s.phase = "action";
  s.playerActions = 0;
  s.players[seat].spentTokens = 0;
  return s;
}

/** Plain Power cards of the Main Deck, for fuel: the first in `s`'s modules with that Power. */
export function cardOfPower(s: State, power: number, not: string[] = []): string {
  const all = [...s.mainDeck, ...s.discard, ...s.players.flatMap((p) => p.hand)];
  const id = all.find((c) => !not.includes(c) && powerOfId(c) === power);
  if (!id) throw new Error(`no card of power ${power}`);
  return id;
}
import { card } from "./catalog.ts";
function powerOfId(id: string): number {
  return card(id).power;
}

/** Runs an attack to its defender reaction: declare, augment (listed), fuel. */
export function attack(s: State, seat: number, a: { actor: string; target: string; critical?: boolean; augment?: string[]; fuel: string[]; second?: string; item?: string; source?: string }): State {
  const decl: Action = { type: "attack", actor: a.actor, target: a.target };
  if (a.critical) decl.critical = true;
  if (a.second) decl.second = a.second;
  if (a.item) decl.item = a.item;
  if (a.source) decl.source = a.source;
  s = A(s, seat, decl);
  for (const k of a.augment ?? []) if (s.combat?.step === "augment" && !s.combat.augmented.includes(k as KeywordId)) s = A(s, seat, { type: "augment", keyword: k as KeywordId });
  if (s.combat?.step === "augment") s = A(s, seat, { type: "augment_done" });
  if (s.combat?.step === "fuel") s = A(s, seat, { type: "fuel", cards: a.fuel });
  return s;
}

export const events = (type: string): GameEvent[] => log.filter((e) => e.type === type);

/** A vanilla fixture card of Power p (fuel / defence). */
export const plain = (p: number): string => fixtureAnimation(p, 1, []);

/** A 2-player game in seat 0's Action Phase (turn 5), empty hands, no active Codex blocks. */
export function duel(): State {
  const s = game();
  actionPhase(s, 0);
  for (const p of s.players) {
    hand(s, p.seat, []);
    p.codexActive = [];
  }
  return s;
}

/** Answers every pending decision with its most passive option until `seat` must act in the Action Phase again. */
export function settle(s: State): State {
  for (let i = 0; i < 50 && s.combat && !s.outcome; i++) {
    const seat = resonanceEngine.actors(s)[0];
    s = A(s, seat, resonanceEngine.timeoutAction(s, seat)!);
  }
  return s;
}

/**
 * Re-deals everything `viewer` cannot see: other hands and the Main Deck order (one pool),
 * and every Personal Codex Deck order. Kept: cards the viewer is being shown by a pending
 * choice (Brawler shows the defender's hand, Sensor the top card).
 */
export function permuteHidden(state: unknown, viewer: number, rng: HasRng): unknown {
  const s = structuredClone(state) as State;
  const ch = s.combat?.choice;
  const shownHand = ch && ch.seat === viewer && ch.purpose.startsWith("3.2") ? Number(ch.data?.victim) : -1;
  const keepTop = ch && ch.seat === viewer && ch.purpose === "sensor" ? 1 : 0;
  // A seat choosing fuel for a declared Critical Strike publicly holds a same-Power pair: keep that hand.
  const fueling = s.combat && !ch && s.combat.step === "fuel" ? s.combat.seat : -1;
  // A pending choice listing hand cards (Survivor, Trickster, Adaptive, Brawler) fixes those hands: the chooser sees its own options.
  const listed = new Set<number>();
  for (const q of [...(ch ? [ch] : []), ...(s.combat?.queue ?? [])]) {
    const cards = q.options.filter((o) => o.startsWith("card:")).map((o) => o.slice(5));
    for (const p of s.players) if (cards.some((x) => p.hand.includes(x))) listed.add(p.seat);
  }
  const others = s.players.filter((p) => p.seat !== viewer && p.seat !== shownHand && p.seat !== fueling && !listed.has(p.seat));
  const pool = [...s.mainDeck.slice(keepTop), ...others.flatMap((p) => p.hand)];
  shuffleInPlace(rng, pool);
  for (const p of others) p.hand = pool.splice(0, p.hand.length);
  s.mainDeck = [...s.mainDeck.slice(0, keepTop), ...pool];
  for (const p of s.players) shuffleInPlace(rng, p.codexDeck);
  return s;
}
