/**
 * The Resonance rules: a pure state machine of small decisions (World Weaving draft, turn
 * phases, actions, the Opposed Roll step by step). See RULINGS.md for every interpretation.
 */
import type { GameEvent } from "../core/engine.ts";
import { RuleError, ensure } from "../core/errors.ts";
import { randInt, seedRng, shuffleInPlace } from "../core/rng.ts";
import { CODEX_BY_ID, COLORS, allModules, card, kwCategory, kwColor, moduleByNumber } from "./catalog.ts";
import type { EngineApi, KeywordHooks, ResolutionMode, RollCtx } from "./keywords/hooks.ts";
import { HOOKS } from "./keywords/index.ts";
import type { Action, Color, Combat, Config, KeywordId, PlayerState, SeatConfig, State, Tag, TagId, Unit } from "./types.ts";

type Events = GameEvent[];

export const START_HP = 10;
export const MAX_EN = 10;
export const HAND_SIZE = 5;
export const MAIN_DECK_SIZE = 100;
/** Engine safety limit (RULINGS R9): after this many turns the game ends, ranked by HP left. */
export const MAX_TURNS = 300;
/** Modules drafted per player (3.2). */
export const PICKS_PER_PLAYER: Record<number, number> = { 2: 5, 3: 3, 4: 2 };

export const BOOST_TAGS: readonly TagId[] = ["0.4", "1.4", "2.4", "3.4", "4.4", "5.4", "6.4", "7.4", "8.4", "9.4"];
export const STATUS_TAGS: readonly TagId[] = ["0.5", "1.5", "2.5", "3.5", "4.5", "5.5", "6.5", "7.5", "8.5", "9.5"];
export const TAG = {
  liberate: "0.4", mark: "0.5", augment: "1.4", impair: "1.5", haste: "2.4", slow: "2.5", ward: "3.4", daze: "3.5",
  bless: "4.4", curse: "4.5", charge: "5.4", bind: "5.5", cure: "6.4", weaken: "6.5", regen: "7.4", blight: "7.5",
  enhance: "8.4", silence: "8.5", obscure: "9.4", nullify: "9.5",
} as const satisfies Record<string, TagId>;
export const isStatus = (t: TagId): boolean => t.endsWith(".5");
export const isBoost = (t: TagId): boolean => t.endsWith(".4");

/** Keyword ids by name, for readability in the engine and tests. */
export const K = {
  restricted: "0.0", aura: "0.1", specialist: "0.2", alert: "0.3", indirect: "0.6", adaptive: "0.7", gamble: "0.8", edit: "0.9",
  bane: "1.0", traveller: "1.1", martial: "1.2", attuned: "1.3", reactive: "1.6", phasing: "1.7", brutal: "1.8", translocate: "1.9",
  anxious: "2.0", acrobatic: "2.1", sentry: "2.2", eidetic: "2.3", snap: "2.6", twoHanded: "2.7", rapid: "2.8", reckless: "2.9",
  hesitant: "3.0", sturdy: "3.1", brawler: "3.2", stubborn: "3.3", sculpt: "3.6", defensive: "3.7", impact: "3.8", shift: "3.9",
  feeble: "4.0", survivor: "4.1", stoic: "4.2", ageless: "4.3", piercing: "4.6", flux: "4.7", siphon: "4.8", animate: "4.9",
  gremlins: "5.0", sensor: "5.1", improvisor: "5.2", crafty: "5.3", imbue: "5.6", material: "5.7", leverage: "5.8", manifest: "5.9",
  vulnerable: "6.0", tolerant: "6.1", deadeye: "6.2", immunized: "6.3", sticky: "6.6", restore: "6.7", exploit: "6.8", growth: "6.9",
  limited: "7.0", resilient: "7.1", font: "7.2", insulated: "7.3", area: "7.6", ranged: "7.7", multiply: "7.8", split: "7.9",
  awkward: "8.0", charismatic: "8.1", leader: "8.2", insightful: "8.3", splash: "8.6", lingering: "8.7", spread: "8.8", potent: "8.9",
  mundane: "9.0", aware: "9.1", stealthy: "9.2", trickster: "9.3", chain: "9.6", natural: "9.7", ambience: "9.8", channel: "9.9",
} as const satisfies Record<string, KeywordId>;

// ---------------------------------------------------------------- small helpers

/** Deep copy of plain JSON data (the state holds nothing else); several times faster than structuredClone. */
export function clone<T>(x: T): T {
  if (Array.isArray(x)) return x.map(clone) as T;
  if (x !== null && typeof x === "object") {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(x)) out[k] = clone((x as Record<string, unknown>)[k]);
    return out as T;
  }
  return x;
}
export const playerUnitId = (seat: number): string => `p${seat}`;
export const isPlayerUnit = (u: Unit): boolean => u.card === null && u.id.startsWith("p");
export const isEcho = (u: Unit): boolean => u.id.startsWith("echo-");
export const isAnimation = (u: Unit): boolean => !isPlayerUnit(u);

export function newUnit(id: string, cardId: string | null, owner: number): Unit {
  return { id, card: cardId, owner, damage: 0, spent: false, suppressed: false, tags: [], items: [], skipReady: false, untargetable: false, powerBonus: 0, growthActive: false };
}

export function cardPower(id: string): number {
  return card(id).power;
}
export function isItemCard(id: string): boolean {
  return card(id).kind === "item";
}

export function unitById(s: State, id: string): Unit | null {
  if (/^p\d$/.test(id)) return s.players[Number(id[1])]?.self ?? null;
  for (const p of s.players) for (const u of p.animations) if (u.id === id) return u;
  return null;
}
export function unitOfItem(s: State, itemId: string): Unit | null {
  for (const p of s.players) for (const u of [p.self, ...p.animations]) if (u.items.includes(itemId)) return u;
  return null;
}
export function livePlayers(s: State): PlayerState[] {
  return s.players.filter((p) => p.eliminated === null);
}
export function opponentsOf(s: State, seat: number): PlayerState[] {
  return livePlayers(s).filter((p) => p.seat !== seat);
}

// ---------------------------------------------------------------- keywords a unit has

/** Printed keywords of an Animation (none for a Player or Echo). */
function printed(u: Unit): KeywordId[] {
  return u.card ? [...card(u.card).keywords] : [];
}
function itemKeywords(u: Unit): KeywordId[] {
  return u.items.flatMap((i) => card(i).keywords); // flatMap copies: the card data stays untouched
}
function codexKeywords(p: PlayerState): KeywordId[] {
  return p.codexActive.flatMap((c) => CODEX_BY_ID.get(c)!.keywords);
}

/** Tag present and in effect (Tolerant 6.1 switches Status Tags off). */
export function hasTag(s: State, u: Unit, tag: TagId): boolean {
  if (!u.tags.some((t) => t.id === tag)) return false;
  if (isStatus(tag) && rawStatic(s, u).includes(K.tolerant as KeywordId)) {
    const count = u.tags.filter((t) => isStatus(t.id)).length;
    if (count <= baseFocus(s, u)) return false;
  }
  return true;
}

/** Static keywords, without looking at tags (used by the Tolerant check). */
function rawStatic(s: State, u: Unit): KeywordId[] {
  if (u.suppressed) return [];
  if (isPlayerUnit(u)) return [...codexKeywords(s.players[u.owner]), ...itemKeywords(u)];
  const silenced = u.tags.some((t) => t.id === TAG.silence);
  return [...(silenced ? [] : printed(u)), ...itemKeywords(u)];
}

/**
 * A unit's static keywords (2.10, 2.13, Silence): Innate + equipped Items; a Player's are its
 * active Codex blocks + its Items. Used for passive and defending effects (RULINGS R12).
 */
export function staticKeywords(s: State, u: Unit): KeywordId[] {
  if (u.suppressed) return [];
  if (isPlayerUnit(u)) return rawStatic(s, u);
  const silenced = hasTag(s, u, TAG.silence);
  return [...(silenced ? [] : printed(u)), ...itemKeywords(u)];
}
/** Innate (printed, active) keywords of an Animation. */
export function innateKeywords(s: State, u: Unit): KeywordId[] {
  if (u.suppressed || isPlayerUnit(u) || hasTag(s, u, TAG.silence)) return [];
  return printed(u);
}
/** Some unit of `seat` has keyword `k` statically (for "Your ..." passives). */
export function controllerHas(s: State, seat: number, k: KeywordId): boolean {
  const p = s.players[seat];
  return [p.self, ...p.animations].some((u) => staticKeywords(s, u).includes(k));
}

function baseFocus(s: State, u: Unit): number {
  if (isPlayerUnit(u)) return s.players[u.owner].focus;
  return u.card ? card(u.card).kind === "animation" ? (card(u.card) as { focus: number }).focus : 0 : 1;
}

/** Current Focus: printed/stat, Growth bonus, Impair Tag, Feeble; Sturdy ignores reductions (min 0). */
export function focusOf(s: State, u: Unit): number {
  let f = baseFocus(s, u);
  if (isAnimation(u)) {
    const p = s.players[u.owner];
    const growth = p.animations.some((o) => o.id !== u.id && o.growthActive && o.spent);
    if (growth && !staticKeywords(s, u).includes(K.ageless)) f += 1;
  }
  const kws = staticKeywords(s, u);
  if (!kws.includes(K.sturdy)) {
    if (hasTag(s, u, TAG.impair)) f -= 1;
    if (kws.includes(K.feeble)) f -= 1;
  }
  return Math.max(0, f);
}

/** Animation Power (its HP, 2.9): printed + Leader; Limited lowers the HP it can take. */
export function powerOf(s: State, u: Unit): number {
  if (isPlayerUnit(u)) return maxHp(s, u.owner);
  const base = u.card ? cardPower(u.card) : 1;
  return base + u.powerBonus;
}
function destroyThreshold(s: State, u: Unit): number {
  if (isPlayerUnit(u)) return maxHp(s, u.owner);
  // Limited (7.0) lowers the HP by 1, to a minimum of 1 (RULINGS R23).
  return Math.max(1, powerOf(s, u) - (staticKeywords(s, u).includes(K.limited) ? 1 : 0));
}
/** 1.0 max HP 10; Resilient +1 (Your Player), Limited -1 on the Player itself. */
export function maxHp(s: State, seat: number): number {
  const p = s.players[seat];
  let hp = START_HP;
  if (controllerHas(s, seat, K.resilient)) hp += 1;
  if (staticKeywords(s, p.self).includes(K.limited)) hp -= 1;
  return hp;
}
export function hpLeft(s: State, seat: number): number {
  return maxHp(s, seat) - s.players[seat].self.damage;
}

export function itemLimit(s: State, u: Unit): number {
  if (isAnimation(u)) return 1;
  return focusOf(s, u) + (controllerHas(s, u.owner, K.natural) ? 1 : 0);
}
/** Animations counted against the Command Limit (Echoes do not, 7.9). */
export function commanded(p: PlayerState): number {
  return p.animations.filter((u) => !isEcho(u)).length;
}
/** Guardian Precedence (2.5): non-Suppressed Animations guard their Player. */
export function guarded(s: State, seat: number): boolean {
  return s.players[seat].animations.some((u) => !u.suppressed);
}

// ---------------------------------------------------------------- set-up (3.2, 3.3)

export function setupState(config: Config, seats: readonly SeatConfig[], seed: string): State {
  const s: State = {
    players: seats.map((sc, seat) => ({
      seat,
      primary: sc.primary,
      secondary: [sc.secondary[0], sc.secondary[1]],
      self: newUnit(playerUnitId(seat), null, seat),
      animations: [],
      en: MAX_EN,
      focus: 1,
      karma: 0,
      hand: [],
      codexDeck: [...sc.codex],
      codexActive: [`codex-${sc.primary}-1`],
      spentTokens: 0,
      karmaGainedThisTurn: false,
      eideticUsed: [],
      immunized: [],
      bane: {},
      eliminated: null,
    })),
    rng: seedRng(seed),
    phase: "draft",
    rolls: [],
    firstPicker: 0,
    pool: allModules().map((m) => m.number),
    picks: seats.map(() => []),
    picker: 0,
    chaos: [],
    mainDeck: [],
    discard: [],
    turnSeat: 0,
    turn: 0,
    playerActions: 0,
    combat: null,
    slowQueue: [],
    echoes: 0,
    shown: [],
    looked: null,
    outCount: 0,
    outcome: null,
  };
  // The d10 roll for first pick; the tied highest re-roll (RULINGS R2).
  let contenders = seats.map((_, i) => i);
  for (;;) {
    const values = contenders.map(() => randInt(s, 1, 10));
    s.rolls.push({ seats: [...contenders], values });
    const top = Math.max(...values);
    const best = contenders.filter((_, i) => values[i] === top);
    if (best.length === 1) {
      s.firstPicker = best[0];
      break;
    }
    contenders = best;
  }
  s.picker = s.firstPicker;
  for (const p of s.players) shuffleInPlace(s, p.codexDeck);
  return s;
}

function applyPick(s: State, seat: number, module: number, ev: Events): void {
  ensure(s.phase === "draft", "illegal_move", "the draft is over");
  ensure(seat === s.picker, "not_your_turn", `seat ${s.picker} picks now`);
  ensure(s.pool.includes(module), "illegal_move", `module ${module} is not in the pool`);
  s.pool = s.pool.filter((m) => m !== module);
  s.picks[seat].push(module);
  ev.push({ type: "pick", seat, module });
  const per = PICKS_PER_PLAYER[s.players.length];
  const total = s.picks.reduce((n, l) => n + l.length, 0);
  if (total < per * s.players.length) {
    s.picker = (s.picker + 1) % s.players.length;
    return;
  }
  // Chaos Slots (3.2.3): shuffle the rest and draw to complete 10 modules.
  const rest = shuffleInPlace(s, [...s.pool]);
  s.chaos = rest.slice(0, 10 - total);
  s.pool = s.pool.filter((m) => !s.chaos.includes(m));
  ev.push({ type: "chaos", modules: [...s.chaos] });
  const chosen = [...s.picks.flat(), ...s.chaos];
  s.mainDeck = shuffleInPlace(s, chosen.flatMap((n) => moduleByNumber(n)!.cards.map((c) => c.id)));
  for (const p of s.players) drawCards(s, p.seat, HAND_SIZE, ev);
  // The first picker (highest d10) starts the game (RULINGS R3).
  s.turnSeat = s.firstPicker;
  s.turn = 0;
  startTurn(s, s.firstPicker, ev);
}

// ---------------------------------------------------------------- cards moving

/** 2.8 The Perpetual Library: an empty Main Deck is refilled from the shuffled Discard Pile. */
function refillIfEmpty(s: State, ev: Events): boolean {
  if (s.mainDeck.length > 0) return true;
  if (s.discard.length === 0) return false;
  s.mainDeck = shuffleInPlace(s, s.discard);
  s.discard = [];
  ev.push({ type: "library", size: s.mainDeck.length });
  return true;
}
export function drawCards(s: State, seat: number, n: number, ev: Events): number {
  const p = s.players[seat];
  let drawn = 0;
  for (let i = 0; i < n; i++) {
    if (!refillIfEmpty(s, ev)) break;
    const c = s.mainDeck.shift()!;
    p.hand.push(c);
    drawn++;
    ev.push({ type: "drew_card", seat, card: c, to: [seat] });
  }
  if (drawn) ev.push({ type: "draw", seat, count: drawn });
  return drawn;
}
function revealTop(s: State, ev: Events): string | null {
  if (!refillIfEmpty(s, ev)) return null;
  const c = s.mainDeck.shift()!;
  s.shown.push(c);
  ev.push({ type: "reveal", card: c });
  return c;
}
function discardFromHand(s: State, seat: number, c: string, ev: Events): void {
  const p = s.players[seat];
  const i = p.hand.indexOf(c);
  ensure(i >= 0, "illegal_move", `${c} is not in your hand`);
  p.hand.splice(i, 1);
  s.discard.push(c);
  ev.push({ type: "discard", seat, card: c });
}

// ---------------------------------------------------------------- damage, tags, destruction

function removeUnit(s: State, u: Unit, ev: Events): void {
  const p = s.players[u.owner];
  p.animations = p.animations.filter((x) => x.id !== u.id);
  for (const i of u.items) s.discard.push(i);
  u.items = [];
  if (u.card) s.discard.push(u.card);
}

/** Destroys an Animation (2.9) or eliminates a Player; `by`: the seat whose action did it (Karma 5.1). */
function destroy(s: State, u: Unit, by: number | null, ev: Events): void {
  if (isPlayerUnit(u)) {
    if (by !== null && by !== u.owner) gainKarma(s, by, ev, "destroyed a Player");
    eliminate(s, u.owner, ev);
    return;
  }
  removeUnit(s, u, ev);
  ev.push({ type: "destroyed", unit: u.id, seat: u.owner });
  if (by !== null && by !== u.owner) gainKarma(s, by, ev, "destroyed an Animation");
  // Stubborn (3.3): "you may draw one card" — the controller decides (RULINGS R13).
  if (controllerHas(s, u.owner, K.stubborn) && s.players[u.owner].eliminated === null) offer(s, u.owner, "stubborn", ["no", "yes"]);
}

function eliminate(s: State, seat: number, ev: Events): void {
  const p = s.players[seat];
  if (p.eliminated !== null) return;
  s.outCount++;
  p.eliminated = s.outCount;
  // RULINGS R4: an eliminated Player's Animations, Items and hand go to the Discard Pile.
  for (const u of [...p.animations]) removeUnit(s, u, ev);
  for (const i of p.self.items) s.discard.push(i);
  p.self.items = [];
  s.discard.push(...p.hand);
  p.hand = [];
  // An eliminated Player decides nothing more: their queued decisions (e.g. Stubborn, R13) are dropped.
  if (s.combat) s.combat.queue = s.combat.queue.filter((q) => q.seat !== seat);
  ev.push({ type: "eliminated", seat });
  const live = livePlayers(s);
  if (live.length <= 1) finish(s, "last Player standing", ev);
}

function finish(s: State, reason: string, ev: Events): void {
  const n = s.players.length;
  const ranks = new Array<number>(n).fill(1);
  if (reason === "turn limit") {
    // RULINGS R9: ranked by HP left; eliminated Players below every survivor.
    const score = (seat: number) => (s.players[seat].eliminated === null ? 1000 + hpLeft(s, seat) : s.players[seat].eliminated!);
    for (let i = 0; i < n; i++) ranks[i] = 1 + s.players.filter((_, j) => score(j) > score(i)).length;
  } else {
    for (let i = 0; i < n; i++) {
      const e = s.players[i].eliminated;
      // Later eliminations rank better; equal order (same moment) share a rank.
      ranks[i] = e === null ? 1 : 1 + s.players.filter((q) => q.eliminated === null || q.eliminated > e).length;
    }
  }
  s.outcome = { ranks, reason };
  s.phase = "over";
  if (s.combat?.revealed) s.discard.push(s.combat.revealed);
  s.combat = null;
  ev.push({ type: "game_over", ranks, reason });
}

export function gainKarma(s: State, seat: number, ev: Events, why: string): void {
  const p = s.players[seat];
  if (p.eliminated !== null) return;
  p.karma++;
  p.karmaGainedThisTurn = true;
  ev.push({ type: "karma", seat, karma: p.karma, why });
}

/**
 * Places damage markers. `preventable`: Ward / Bless may prevent it (the roll handles
 * Survivor itself). Returns the markers placed.
 */
export function dealDamage(s: State, u: Unit, amount: number, opts: { preventable: boolean; by: number | null; bless?: "use" | "keep" }, ev: Events): number {
  if (amount <= 0 || !unitById(s, u.id)) return 0;
  if (u.suppressed) {
    ev.push({ type: "no_damage", unit: u.id, why: "suppressed" });
    return 0;
  }
  if (opts.preventable) {
    if (hasTag(s, u, TAG.ward)) {
      removeTag(u, TAG.ward);
      ev.push({ type: "prevented", unit: u.id, amount, by: "Ward" });
      return 0;
    }
    const c = s.combat;
    if (opts.bless === undefined && hasTag(s, u, TAG.bless) && c && !c.standalone) {
      // Bless (RULINGS R47): "its controller may remove this Tag" — the damage waits for their answer,
      // queued behind the action's pending decisions (Piercing, Spread). The roll's own damage and Area ask directly.
      c.queue.push({ purpose: "bless", seat: u.owner, options: ["use", "keep"], data: { unit: u.id, dmg: amount, by: opts.by ?? -1 } });
      return 0;
    }
    if (hasTag(s, u, TAG.bless) && opts.bless !== "keep") {
      removeTag(u, TAG.bless);
      amount -= 1;
      ev.push({ type: "prevented", unit: u.id, amount: 1, by: "Bless" });
      if (amount <= 0) return 0;
    }
  }
  u.damage += amount;
  ev.push({ type: "damage", unit: u.id, amount, total: u.damage });
  if (u.damage >= destroyThreshold(s, u)) destroy(s, u, opts.by, ev);
  return amount;
}

export function removeDamage(s: State, u: Unit, amount: number, ev: Events): number {
  if (hasTag(s, u, TAG.curse)) {
    ev.push({ type: "no_heal", unit: u.id, why: "Curse" });
    return 0;
  }
  const n = Math.min(amount, u.damage);
  u.damage -= n;
  if (n) ev.push({ type: "healed", unit: u.id, amount: n, total: u.damage });
  return n;
}

/** Bless (Appendix D 9, RULINGS R47) would be offered on preventable damage: the unit has it and no Ward (Ward goes first). */
function blessable(s: State, u: Unit): boolean {
  return !u.suppressed && hasTag(s, u, TAG.bless) && !hasTag(s, u, TAG.ward);
}

function removeTag(u: Unit, tag: TagId): void {
  const i = u.tags.findIndex((t) => t.id === tag);
  if (i >= 0) u.tags.splice(i, 1);
}
export function removable(s: State, t: Tag): boolean {
  return t.lockedUntilTurn === null || s.turn > t.lockedUntilTurn;
}

/** Appendix D application rules: Immunized, Cure / Nullify on gain and as shields, no duplicates. */
export function applyTag(s: State, u: Unit, tag: TagId, ev: Events, lockedUntilTurn: number | null = null): boolean {
  if (!unitById(s, u.id)) return false;
  const p = s.players[u.owner];
  if (isStatus(tag)) {
    if (p.immunized.includes(tag)) {
      ev.push({ type: "tag_blocked", unit: u.id, tag, by: "Immunized" });
      return false;
    }
    if (tag !== TAG.nullify && u.tags.some((t) => t.id === TAG.cure)) {
      removeTag(u, TAG.cure);
      ev.push({ type: "tag_blocked", unit: u.id, tag, by: "Cure" });
      return false;
    }
  }
  if (isBoost(tag) && tag !== TAG.cure && u.tags.some((t) => t.id === TAG.nullify)) {
    removeTag(u, TAG.nullify);
    ev.push({ type: "tag_blocked", unit: u.id, tag, by: "Nullify" });
    return false;
  }
  if (u.tags.some((t) => t.id === tag)) return false; // RULINGS R14: one Tag of a name per unit
  if (tag === TAG.cure) {
    const st = u.tags.find((t) => isStatus(t.id) && removable(s, t));
    if (st) {
      removeTag(u, st.id);
      ev.push({ type: "tag_removed", unit: u.id, tag: st.id, by: "Cure" });
      return true;
    }
  }
  if (tag === TAG.nullify) {
    const bt = u.tags.find((t) => isBoost(t.id) && removable(s, t));
    if (bt) {
      removeTag(u, bt.id);
      ev.push({ type: "tag_removed", unit: u.id, tag: bt.id, by: "Nullify" });
      return true;
    }
  }
  u.tags.push({ id: tag, lockedUntilTurn });
  ev.push({ type: "tag", unit: u.id, tag });
  return true;
}

function suppress(s: State, u: Unit, ev: Events): void {
  if (isPlayerUnit(u) || u.suppressed || !unitById(s, u.id)) return; // RULINGS R15
  u.suppressed = true;
  u.spent = true;
  ev.push({ type: "suppressed", unit: u.id });
}

function destroyItem(s: State, itemId: string, ev: Events): void {
  const u = unitOfItem(s, itemId);
  if (!u) return;
  u.items = u.items.filter((i) => i !== itemId);
  s.discard.push(itemId);
  ev.push({ type: "item_destroyed", item: itemId, unit: u.id });
}

// ---------------------------------------------------------------- turn (4.1)

function startTurn(s: State, seat: number, ev: Events): void {
  s.turnSeat = seat;
  s.turn++;
  s.playerActions = 0;
  const p = s.players[seat];
  p.spentTokens = 0;
  p.karmaGainedThisTurn = false;
  s.phase = "ready";
  ev.push({ type: "turn", seat, turn: s.turn });
  if (s.turn > MAX_TURNS) {
    finish(s, "turn limit", ev);
    return;
  }
  // Effects lasting "until the start of Your next turn" / "until Your next turn".
  for (const u of [p.self, ...p.animations]) {
    u.untargetable = false;
    u.powerBonus = 0;
  }
  // Regen (7.4): at the start of the Ready Phase.
  for (const u of [p.self, ...p.animations]) if (hasTag(s, u, TAG.regen)) removeDamage(s, u, 1, ev);
  // Gain EN = Focus, not on the game's first turn; max 10.
  if (s.turn > 1) {
    p.en = Math.min(MAX_EN, p.en + focusOf(s, p.self));
    ev.push({ type: "en", seat, en: p.en });
  }
  s.slowQueue = [p.self, ...p.animations].filter((u) => u.tags.some((t) => t.id === TAG.slow) && !u.suppressed).map((u) => u.id);
  continueReady(s, ev);
}

function continueReady(s: State, ev: Events): void {
  const p = s.players[s.turnSeat];
  while (s.slowQueue.length > 0) {
    const u = unitById(s, s.slowQueue[0]);
    if (u && p.en >= 1 && removable(s, u.tags.find((t) => t.id === TAG.slow)!)) return; // ask
    s.slowQueue.shift();
  }
  for (const u of [p.self, ...p.animations]) {
    if (u.suppressed) continue; // 2.10
    if (hasTag(s, u, TAG.slow)) continue;
    if (u.skipReady) {
      u.skipReady = false;
      continue;
    }
    u.spent = false;
    u.growthActive = false;
  }
  s.phase = "action";
}

function applySlow(s: State, seat: number, a: Extract<Action, { type: "slow" }>, ev: Events): void {
  ensure(s.phase === "ready" && s.slowQueue[0] === a.unit, "illegal_move", "no Slow decision for that unit now");
  s.slowQueue.shift();
  if (a.pay) {
    const p = s.players[seat];
    p.en -= 1;
    removeTag(unitById(s, a.unit)!, TAG.slow);
    ev.push({ type: "slow_removed", unit: a.unit, en: p.en });
  }
  continueReady(s, ev);
}

function endTurn(s: State, ev: Events): void {
  s.phase = "refresh";
  continueRefresh(s, ev);
}

function continueRefresh(s: State, ev: Events): void {
  const seat = s.turnSeat;
  const p = s.players[seat];
  if (p.eliminated === null) {
    if (p.hand.length > HAND_SIZE) return; // the player chooses the discards
    if (p.hand.length < HAND_SIZE) drawCards(s, seat, HAND_SIZE - p.hand.length, ev);
  }
  // End-of-turn: Lingering locks expire by turn number (removable()); no Tag of Appendix D triggers here (RULINGS R16).
  if (s.outcome) return;
  let next = (seat + 1) % s.players.length;
  while (s.players[next].eliminated !== null) next = (next + 1) % s.players.length;
  startTurn(s, next, ev);
}

// ---------------------------------------------------------------- actions

function actorUnit(s: State, seat: number, id: string): Unit {
  const u = unitById(s, id);
  ensure(u && u.owner === seat, "illegal_move", `${id} is not one of your units`);
  ensure(!u.suppressed, "illegal_move", `${id} is Suppressed and cannot act (2.10)`);
  if (isPlayerUnit(u)) ensure(s.players[seat].spentTokens < 2, "illegal_move", "your Player has taken two actions this turn (2.6)");
  else ensure(!u.spent, "illegal_move", `${id} is spent`);
  return u;
}
function spend(s: State, u: Unit): void {
  if (isPlayerUnit(u)) {
    s.players[u.owner].spentTokens++;
    s.playerActions++;
  } else u.spent = true;
}
/** Growth (6.9), Blight (7.5): after an action completes. */
function afterAnyAction(s: State, u: Unit, ev: Events): void {
  if (!unitById(s, u.id)) return;
  if (isAnimation(u) && u.spent && staticKeywords(s, u).includes(K.growth)) u.growthActive = true;
  if (hasTag(s, u, TAG.blight) && !controllerHas(s, u.owner, K.ageless)) {
    ev.push({ type: "blight", unit: u.id });
    dealDamage(s, u, 1, { preventable: false, by: null }, ev); // RULINGS R27: a placed marker, not damage dealt
  }
}

export function deployCost(s: State, seat: number, cardId: string): number {
  return cardPower(cardId) + (controllerHas(s, seat, K.restricted) ? 1 : 0);
}
export function equipCost(s: State, seat: number, itemId: string): number {
  let cost = cardPower(itemId) + (controllerHas(s, seat, K.restricted) ? 1 : 0);
  if (controllerHas(s, seat, K.crafty)) cost = Math.max(1, cost - 1);
  return cost;
}

function applyDeploy(s: State, seat: number, cardId: string, ev: Events): void {
  const p = s.players[seat];
  actorUnit(s, seat, playerUnitId(seat));
  ensure(p.hand.includes(cardId), "illegal_move", `${cardId} is not in your hand`);
  ensure(card(cardId).kind === "animation", "illegal_move", `${cardId} is not an Animation`);
  ensure(commanded(p) < focusOf(s, p.self), "illegal_move", `Command Limit: ${commanded(p)} Animations with Focus ${focusOf(s, p.self)} (2.12, 4.2.6)`);
  const cost = deployCost(s, seat, cardId);
  ensure(p.en >= cost, "illegal_move", `Deploy costs ${cost} EN, you have ${p.en}`);
  p.en -= cost;
  p.hand.splice(p.hand.indexOf(cardId), 1);
  spend(s, p.self);
  const u = newUnit(cardId, cardId, seat);
  u.spent = true; // 2.14 Deployment State
  p.animations.push(u);
  ev.push({ type: "deploy", seat, card: cardId, en: p.en });
  // RULINGS R17: a printed Haste enters play with a Haste Tag (2.14 "e.g., Haste").
  if (card(cardId).keywords.includes(TAG.haste)) applyTag(s, u, TAG.haste, ev);
  if (controllerHas(s, seat, K.sensor) && refillIfEmpty(s, ev)) {
    // Sensor (5.1): look at the top card; the controller may put it on the bottom.
    s.combat = null;
    ev.push({ type: "sensor_look", seat, card: s.mainDeck[0], to: [seat] });
    pendingChoice(s, seat, "sensor", ["top", "bottom"]);
  }
  if (card(cardId).keywords.includes(K.immunized as KeywordId)) immunizedChoice(s, seat);
  if (card(cardId).keywords.includes(K.bane as KeywordId)) baneChoice(s, seat, cardId);
  if (controllerHas(s, seat, K.charismatic)) {
    const victims = opponentsOf(s, seat).filter((q) => q.hand.length > 0).map((q) => `p${q.seat}`);
    if (victims.length) pendingChoice(s, seat, "charismatic", ["none", ...victims]);
  }
  afterAnyAction(s, p.self, ev);
}

function applyEquip(s: State, seat: number, a: Extract<Action, { type: "equip" }>, ev: Events): void {
  const p = s.players[seat];
  actorUnit(s, seat, playerUnitId(seat));
  const target = unitById(s, a.target);
  ensure(target && target.owner === seat, "illegal_move", `${a.target} is not one of your units (RULINGS R18)`);
  const from = unitOfItem(s, a.item);
  if (from) {
    ensure(from.owner === seat, "illegal_move", `${a.item} is not your Item`);
    ensure(from.id !== target.id, "illegal_move", `${a.item} is already on ${target.id}`);
  } else {
    ensure(p.hand.includes(a.item), "illegal_move", `${a.item} is neither in your hand nor equipped`);
    ensure(isItemCard(a.item), "illegal_move", `${a.item} is not an Item`);
  }
  ensure(target.items.length < itemLimit(s, target), "illegal_move", `${target.id} is at its Item limit (2.11)`);
  if (from) {
    from.items = from.items.filter((i) => i !== a.item);
    ev.push({ type: "move_item", seat, item: a.item, from: from.id, onto: target.id });
  } else {
    const cost = equipCost(s, seat, a.item);
    ensure(p.en >= cost, "illegal_move", `Equip costs ${cost} EN, you have ${p.en}`);
    p.en -= cost;
    p.hand.splice(p.hand.indexOf(a.item), 1);
    ev.push({ type: "equip", seat, item: a.item, onto: target.id, en: p.en });
  }
  target.items.push(a.item);
  spend(s, p.self);
  if (!from && card(a.item).keywords.includes(K.immunized as KeywordId)) immunizedChoice(s, seat);
  if (!from && card(a.item).keywords.includes(K.bane as KeywordId)) baneChoice(s, seat, a.item);
  if (!from) {
    // Aware (9.1): each opponent with Aware and 1 EN decides whether to pay 1 EN to draw (RULINGS R13).
    for (const q of opponentsOf(s, seat)) if (controllerHas(s, q.seat, K.aware) && q.en >= 1) offer(s, q.seat, "aware", ["no", "yes"]);
  }
  afterAnyAction(s, p.self, ev);
}

function applyCharge(s: State, seat: number, actorId: string, ev: Events): void {
  const u = actorUnit(s, seat, actorId);
  const p = s.players[seat];
  spend(s, u);
  let gain = 1;
  if (isAnimation(u) && hasTag(s, u, TAG.charge)) {
    gain++;
    removeTag(u, TAG.charge);
  }
  p.en = Math.min(MAX_EN, p.en + gain);
  ev.push({ type: "charge", seat, unit: u.id, en: p.en });
  afterAnyAction(s, u, ev);
}

function applyPurge(s: State, seat: number, a: Extract<Action, { type: "purge" }>, ev: Events): void {
  const u = actorUnit(s, seat, a.actor);
  if (a.removeTag !== undefined) {
    const t = u.tags.find((x) => x.id === a.removeTag);
    ensure(t && isStatus(t.id), "illegal_move", `${a.actor} has no Status Tag ${a.removeTag}`);
    ensure(removable(s, t), "illegal_move", `the ${a.removeTag} Tag is Lingering (8.7)`);
  }
  spend(s, u);
  ev.push({ type: "purge", seat, unit: u.id });
  removeDamage(s, u, 1, ev);
  if (a.removeTag !== undefined) {
    removeTag(u, a.removeTag);
    ev.push({ type: "tag_removed", unit: u.id, tag: a.removeTag, by: "Purge" });
  }
  afterAnyAction(s, u, ev);
}

function applyKarma(s: State, seat: number, a: Extract<Action, { type: "karma" }>, ev: Events): void {
  const p = s.players[seat];
  const cost = a.spend === "refine" ? p.focus + 1 : a.spend === "acquire" ? 3 : 1;
  ensure(p.karma >= cost, "illegal_move", `${a.spend} costs ${cost} Karma, you have ${p.karma}`);
  if (a.spend === "reengage") {
    const u = a.unit !== undefined ? unitById(s, a.unit) : null;
    ensure(u && u.owner === seat, "illegal_move", "Re-engage needs one of your units");
    // RULINGS R19: Re-engage readies an Animation; a Player's Spent Tokens go only in its Ready Phase.
    ensure(isAnimation(u), "illegal_move", "Re-engage readies an Animation, not a Player (2.6: at most two Player actions)");
    ensure(u.spent || u.suppressed, "illegal_move", `${u.id} is neither spent nor Suppressed`);
    p.karma -= cost;
    u.suppressed = false;
    u.spent = false;
    ev.push({ type: "reengage", seat, unit: u.id });
    return;
  }
  if (a.spend === "acquire") ensure(p.codexDeck.length > 0, "illegal_move", "your Personal Codex Deck is empty");
  p.karma -= cost;
  if (a.spend === "overclock") {
    ev.push({ type: "overclock", seat });
    drawCards(s, seat, 1, ev);
  } else if (a.spend === "acquire") {
    const c = p.codexDeck.shift()!;
    p.codexActive.push(c);
    ev.push({ type: "acquire", seat, codex: c });
    if (CODEX_BY_ID.get(c)!.keywords.includes(K.immunized as KeywordId)) immunizedChoice(s, seat);
    if (CODEX_BY_ID.get(c)!.keywords.includes(K.bane as KeywordId)) baneChoice(s, seat, c);
  } else {
    p.focus++;
    ev.push({ type: "refine", seat, focus: p.focus });
  }
}

function applyTagUse(s: State, seat: number, a: Extract<Action, { type: "tag" }>, ev: Events): void {
  const u = unitById(s, a.unit);
  ensure(u && u.owner === seat, "illegal_move", `${a.unit} is not one of your units`);
  if (a.use === "haste") {
    ensure(hasTag(s, u, TAG.haste) && u.spent && !u.suppressed && isAnimation(u), "illegal_move", "Haste readies a spent Animation with a Haste Tag");
    removeTag(u, TAG.haste);
    u.spent = false;
    u.growthActive = false;
  } else {
    ensure(hasTag(s, u, TAG.liberate) && u.suppressed, "illegal_move", "Liberate un-suppresses a Suppressed unit with a Liberate Tag");
    removeTag(u, TAG.liberate);
    u.suppressed = false;
    u.spent = false;
  }
  ev.push({ type: "tag_used", unit: u.id, tag: a.use });
}

// ---------------------------------------------------------------- pending choices outside combat

/** A choice outside an Opposed Roll (Sensor, Charismatic, Immunized) is held in a combat-less record. */
function pendingChoice(s: State, seat: number, purpose: string, options: string[], data?: Record<string, unknown>): void {
  if (options.length === 0) return;
  let c = s.combat;
  if (!c) {
    // The record belongs to the turn Player, whoever is asked (Aware asks an opponent, R13).
    c = blankCombat("support", s.turnSeat, playerUnitId(s.turnSeat), playerUnitId(s.turnSeat), []);
    c.standalone = true;
  }
  c.step = "choice";
  const q = data ? { purpose, seat, options, data } : { purpose, seat, options };
  if (c.choice) c.queue.push(q);
  else c.choice = q;
  s.combat = c;
}

/**
 * A "may" decision raised by an effect outside its owner's control of the flow (Stubborn, Aware):
 * queued behind the current action's choices (answered before the action goes on), or held in a
 * standalone record when no action is resolving. Any seat may be asked (`actors()` is the chooser).
 */
function offer(s: State, seat: number, purpose: string, options: string[]): void {
  const c = s.combat;
  if (c && !c.standalone) c.queue.push({ purpose, seat, options });
  else pendingChoice(s, seat, purpose, options);
}

/** Asks `seat` a question inside the current action; `resume` says where resolution goes on. */
function ask(s: State, purpose: string, seat: number, options: string[], resume: Combat["resume"], data?: Record<string, unknown>): void {
  const c = s.combat!;
  c.resume = resume;
  c.step = "choice";
  const q = { purpose, seat, options, data };
  if (c.choice) c.queue.push(q);
  else c.choice = q;
}
const flag = (c: Combat, f: string): boolean => c.flags.includes(f);

/** Immunized (6.3, RULINGS R28): a Status Tag is chosen when the block is acquired, the Animation deployed or the Item equipped. */
function immunizedChoice(s: State, seat: number): void {
  const p = s.players[seat];
  pendingChoice(s, seat, "immunized", STATUS_TAGS.filter((t) => !p.immunized.includes(t)));
}

/** Bane (1.0, RULINGS R26): "Choose a Color" — its controller chooses when the Bane source enters play (like Immunized, R28). */
function baneChoice(s: State, seat: number, source: string): void {
  pendingChoice(s, seat, "bane", COLORS.map((c) => `color:${c}`), { source });
}

function blankCombat(kind: Combat["kind"], seat: number, actor: string, source: string, targets: string[]): Combat {
  return {
    kind, seat, actor, source, targets, current: 0, step: "augment", innate: [], augmented: [], gained: [], fuel: [], revealed: null,
    ev: 0, rvBonus: 0, defendCard: null, defendExtra: null, sacrificed: null, gambled: 0, dealt: [], choice: null, queue: [], aimItem: null, boostTo: "target",
    karmaGiven: false, ended: false, standalone: false, resume: "post", flags: [],
  };
}

// ================================================================ the Opposed Roll (4.3)

function hook(id: KeywordId): KeywordHooks | undefined {
  return HOOKS.get(id);
}

/** Keywords active in the action: Innate + Augmented + gained + Flaws of the actor's sources. */
export function actionKeywords(c: Combat): Set<KeywordId> {
  return new Set([...c.innate, ...c.augmented, ...c.gained]);
}

export function resolutionMode(kws: ReadonlySet<KeywordId>, kind: Combat["kind"]): ResolutionMode {
  // Golden Rule 2 (RULINGS R10): Reckless > Snap > Stoic/Ambience > standard.
  const modes = [...kws].map((k) => hook(k)?.mode).filter((m): m is Exclude<ResolutionMode, "standard"> => !!m);
  if (kind !== "attack") return "standard"; // RULINGS R10: a Critical Strike keeps its own process (4.2.2)
  for (const m of ["reckless", "snap", "stoic", "ambience"] as const) if (modes.includes(m)) return m;
  return "standard";
}

function makeApi(s: State, ev: Events): EngineApi {
  return {
    unit: (id) => unitById(s, id),
    focusOf: (u) => focusOf(s, u),
    powerOf: (u) => powerOf(s, u),
    damage: (u, n, o) => dealDamage(s, u, n, { preventable: o.preventable, by: o.byAttackOf }, ev),
    removeDamage: (u, n) => removeDamage(s, u, n, ev),
    applyTag: (u, t, from) => applyTag(s, u, t, ev, lingerLock(s, u, from)),
    draw: (seat, n) => void drawCards(s, seat, n, ev),
    discardFromHand: (seat, c) => discardFromHand(s, seat, c, ev),
    revealTop: () => revealTop(s, ev),
    toDiscard: (c) => void s.discard.push(c),
    destroyItem: (i) => destroyItem(s, i, ev),
    suppress: (u) => suppress(s, u, ev),
    enemyAnimations: (seat) => opponentsOf(s, seat).flatMap((p) => p.animations),
    enemyUnits: (seat) => opponentsOf(s, seat).flatMap((p) => [p.self, ...p.animations]),
    ask: (purpose, seat, options, data) => {
      const c = s.combat!;
      if (options.length === 0) return;
      c.queue.push({ purpose, seat, options, data });
    },
    events: ev,
  };
}

/** Lingering (8.7): a Status Tag applied by an attack with Lingering stays until the end of the target controller's next turn. */
function lingerLock(s: State, u: Unit, _from: number): number | null {
  const c = s.combat;
  if (!c || c.kind === "support" || !actionKeywords(c).has(K.lingering as KeywordId)) return null;
  const n = s.players.length;
  // turns until the target's controller's next turn ends
  let t = s.turn;
  let seat = s.turnSeat;
  do {
    t++;
    seat = (seat + 1) % n;
  } while (seat !== u.owner && t < s.turn + n + 1);
  return t;
}

function ctxFor(s: State, c: Combat, ev: Events, targetId?: string): RollCtx {
  const actor = unitById(s, c.actor) ?? newUnit(c.actor, null, c.seat);
  const source = unitById(s, c.source) ?? actor;
  const tid = targetId ?? c.targets[c.current];
  const target = tid !== undefined ? unitById(s, tid) : null;
  // The api is built on first use: most contexts (legality probes) only ask `declare`, and
  // building its closures was a quarter of a step. It holds no snapshot, so laziness is safe.
  let api: EngineApi | undefined;
  return {
    s, c, seat: c.seat, actor, source, target,
    get api() {
      return (api ??= makeApi(s, ev));
    },
    defenderSeat: target ? target.owner : -1,
    attack: actionKeywords(c),
    defense: new Set(target ? staticKeywords(s, target) : []),
  };
}

/** Keywords the acting unit may declare as Augmented (4.3.3, 4.3.4, 2.17.6). */
export function augmentOptions(s: State, c: Combat): KeywordId[] {
  const actor = unitById(s, c.actor);
  if (!actor) return [];
  const target = c.targets[0] !== undefined ? unitById(s, c.targets[0]) : null;
  if (c.kind !== "support" && target && staticKeywords(s, target).includes(K.insulated)) return []; // Insulated 7.3
  let pool: KeywordId[];
  if (isPlayerUnit(actor)) {
    if (staticKeywords(s, actor).includes(K.mundane)) return []; // RULINGS R20
    pool = [...codexKeywords(s.players[actor.owner]), ...itemKeywords(actor)];
  } else pool = itemKeywords(actor);
  const active = actionKeywords(c);
  const ctx = ctxFor(s, c, []);
  return [...new Set(pool)].filter((k) => kwCategory(k) !== 0 && !active.has(k) && !hook(k)?.declare?.(ctx)).sort();
}
export function augmentLimit(s: State, c: Combat): number {
  const actor = unitById(s, c.actor);
  return actor ? focusOf(s, actor) : 0;
}

function flawsOf(s: State, u: Unit): KeywordId[] {
  const src = isPlayerUnit(u) ? [...codexKeywords(s.players[u.owner]), ...itemKeywords(u)] : itemKeywords(u);
  return src.filter((k) => kwCategory(k) === 0);
}

/** Checks an Attack / Critical Strike declaration without changing the state (4.2.1, 4.2.2). */
function checkAttack(s: State, seat: number, a: Extract<Action, { type: "attack" }>): { c: Combat; stealth: number } {
  const actor = actorUnit(s, seat, a.actor);
  const kind: Combat["kind"] = a.critical ? "critical" : "attack";
  ensure(!(s.turn === 1), "illegal_move", "First Turn Restriction: no Attack or Critical Strike on the game's first turn (2.15)");
  ensure(!hasTag(s, actor, TAG.bind), "illegal_move", `${actor.id} has a Bind Tag (cannot attack)`);
  let source = actor;
  if (a.source !== undefined) {
    const src = unitById(s, a.source);
    ensure(src && src.owner === seat && src.id !== actor.id, "illegal_move", "Channel: the Source must be another friendly unit (9.9)");
    source = src;
  }
  const c = blankCombat(kind, seat, actor.id, source.id, [a.target]);
  if (a.second !== undefined) c.targets.push(a.second);
  const innate = isPlayerUnit(source) ? [] : innateKeywords(s, source);
  // Channel (9.9) printed on the Channeler is Innate to the action it performs.
  const channel = a.source !== undefined && innateKeywords(s, actor).includes(K.channel) ? [K.channel as KeywordId] : [];
  c.innate = [...new Set([...innate, ...channel, ...flawsOf(s, actor)])];
  const implied: KeywordId[] = [];
  if (a.source !== undefined) implied.push(K.channel);
  if (a.second !== undefined) implied.push(K.multiply);
  if (a.item !== undefined) implied.push(K.deadeye);
  for (const t of c.targets) {
    const tu = unitById(s, t);
    ensure(tu && tu.owner !== seat && s.players[tu.owner].eliminated === null, "illegal_move", `${t} is not an enemy unit`);
    ensure(!tu.untargetable, "illegal_move", `${t} cannot be targeted by attacks (Acrobatic)`);
    if (isPlayerUnit(tu) && guarded(s, tu.owner)) implied.push(K.traveller);
  }
  ensure(new Set(c.targets).size === c.targets.length, "illegal_move", "Multiply needs two different targets");
  if (a.item !== undefined) {
    const tu = unitById(s, a.target)!;
    ensure(tu.items.includes(a.item), "illegal_move", `${a.item} is not equipped to ${a.target}`);
  }
  // Implied keywords must be Innate or declared now as Augmented (RULINGS R6).
  const opts = augmentOptions(s, c);
  for (const k of [...new Set(implied)]) {
    if (c.innate.includes(k)) continue;
    ensure(opts.includes(k), "illegal_move", k === K.traveller ? `Guardian Precedence: that Player controls Animations (2.5)` : `this needs keyword ${k}`);
    c.augmented.push(k);
  }
  ensure(c.augmented.length <= augmentLimit(s, c), "illegal_move", `only ${augmentLimit(s, c)} Augmented keywords allowed (2.13)`);
  const ctx = ctxFor(s, c, []);
  for (const k of actionKeywords(c)) {
    const why = hook(k)?.declare?.(ctx);
    ensure(!why, "illegal_move", why ?? "");
  }
  // Stealthy (9.2): +1 EN per Stealthy target.
  const stealth = c.targets.filter((t) => staticKeywords(s, unitById(s, t)!).includes(K.stealthy)).length;
  ensure(s.players[seat].en >= stealth, "illegal_move", `Stealthy: pay ${stealth} EN`);
  if (kind === "critical") ensure(hasSamePowerPair(s.players[seat].hand), "illegal_move", "a Critical Strike needs two cards of the same Power (4.2.2)");
  const noDiscard = c.augmented.length < augmentLimit(s, c) && augmentOptions(s, c).some((k) => hook(k)?.mode && hook(k)?.mode !== "reckless");
  ensure(fuelFeasible(s, c) || (kind === "attack" && noDiscard), "illegal_move", `this attack needs ${fuelShape(s, c).min + (fuelShape(s, c).awkward ? 1 : 0)} card(s) to discard (4.2.1${fuelShape(s, c).awkward ? ", Awkward 8.0" : ""})`);
  c.aimItem = a.item ?? null;
  return { c, stealth };
}

/** Starts an Attack / Critical Strike: 4.3.1 the actor is spent. */
function declareAttack(s: State, seat: number, a: Extract<Action, { type: "attack" }>, ev: Events): void {
  const { c, stealth } = checkAttack(s, seat, a);
  const kind = c.kind;
  const actor = unitById(s, c.actor)!;
  const source = unitById(s, c.source)!;
  s.players[seat].en -= stealth;
  spend(s, actor);
  s.combat = c;
  ev.push({ type: kind, seat, actor: actor.id, targets: [...c.targets], source: source.id });
  if (kind === "critical") gainKarma(s, seat, ev, "performed a Critical Strike");
  // Trickster (9.3): the targeted unit's controller may discard to make the attacker discard too.
  const defender = unitById(s, c.targets[0])!.owner;
  if (kind === "attack" && controllerHas(s, defender, K.trickster) && s.players[defender].hand.length > 0) {
    ask(s, "trickster", defender, ["none", ...s.players[defender].hand.map((h) => `card:${h}`)], "augment");
    return;
  }
  toAugmentOrFuel(s, ev);
}

function hasSamePowerPair(hand: readonly string[]): boolean {
  const seen = new Set<number>();
  for (const c of hand) {
    const p = cardPower(c);
    if (seen.has(p)) return true;
    seen.add(p);
  }
  return false;
}

function canAugmentMore(s: State, c: Combat): boolean {
  const actor = unitById(s, c.actor);
  if (!actor) return false;
  const viaTag = c.kind !== "support" && hasTag(s, actor, TAG.augment) && codexKeywords(s.players[c.seat]).some((k) => !actionKeywords(c).has(k));
  return (c.augmented.length < augmentLimit(s, c) && augmentOptions(s, c).length > 0) || viaTag;
}

function toAugmentOrFuel(s: State, ev: Events): void {
  const c = s.combat!;
  if (!flag(c, "innateGains")) {
    c.flags.push("innateGains");
    for (const k of c.innate) if (offerGains(s, k)) return;
  }
  if (canAugmentMore(s, c)) {
    c.step = "augment";
    return;
  }
  afterAugment(s, ev);
}

function applyAugment(s: State, seat: number, a: Extract<Action, { type: "augment" }>, ev: Events): void {
  const c = s.combat!;
  const actor = unitById(s, c.actor)!;
  const refused = hook(a.keyword)?.declare?.(ctxFor(s, c, []));
  ensure(!refused, "illegal_move", refused ?? "");
  if (a.tag) {
    ensure(c.kind !== "support" && hasTag(s, actor, TAG.augment), "illegal_move", "no Augment Tag to use");
    ensure(codexKeywords(s.players[seat]).includes(a.keyword) && !actionKeywords(c).has(a.keyword), "illegal_move", `${a.keyword} is not an unused active Codex keyword`);
    removeTag(actor, TAG.augment);
    c.gained.push(a.keyword);
  } else {
    ensure(c.augmented.length < augmentLimit(s, c), "illegal_move", `Focus limit reached (${augmentLimit(s, c)})`);
    ensure(augmentOptions(s, c).includes(a.keyword), "illegal_move", `${a.keyword} cannot augment this action`);
    ensure(!mustPickNoDiscard(s, c) || NO_DISCARD.has(a.keyword), "illegal_move", "with this hand the last keyword must let the attack go without discarding (Snap, Stoic, Ambience)");
    c.augmented.push(a.keyword);
  }
  ev.push({ type: "augment", seat, keyword: a.keyword });
  const why = hook(a.keyword)?.declare?.(ctxFor(s, c, ev));
  ensure(!why, "illegal_move", why ?? "");
  if (offerGains(s, a.keyword)) return;
  if (!canAugmentMore(s, c)) afterAugment(s, ev);
}

/** Imbue (5.6) / Improvisor (5.2): choose one more keyword for the action (not counted). */
function offerGains(s: State, k: KeywordId): boolean {
  const c = s.combat!;
  if (k !== K.imbue && k !== K.improvisor) return false;
  const p = s.players[c.seat];
  const active = actionKeywords(c);
  const pool = k === K.imbue ? codexKeywords(p) : [p.self, ...p.animations].flatMap((u) => itemKeywords(u)).filter((x) => kwCategory(x) !== 0);
  const options = [...new Set(pool)].filter((x) => !active.has(x) && x !== k && HOOKS.has(x) && !hook(x)?.declare?.(ctxFor(s, c, []))).sort();
  if (options.length === 0) return false;
  ask(s, `gain:${k}`, c.seat, options, "augment");
  return true;
}

function afterAugment(s: State, ev: Events): void {
  const c = s.combat!;
  if (c.kind === "support") {
    resolveSupport(s, ev);
    return;
  }
  const kws = actionKeywords(c);
  const first = unitById(s, c.targets[0]);
  if (kws.has(K.sentry) && first && !flag(c, "sentry")) {
    // Sentry (2.2): look at the defending Player's hand (shown to the attacker only).
    c.flags.push("sentry");
    const cards = [...s.players[first.owner].hand];
    s.looked = { seat: c.seat, of: first.owner, cards };
    ev.push({ type: "sentry", seat: c.seat, of: first.owner, cards, to: [c.seat] });
  }
  if (c.kind === "attack" && kws.has(K.area)) {
    resolveArea(s, ev);
    return;
  }
  if (c.kind === "attack" && kws.has(K.translocate) && first && isAnimation(first) && !flag(c, "translocate")) {
    c.flags.push("translocate");
    ask(s, "translocate", c.seat, ["roll", "return"], "prefuel");
    return;
  }
  toFuel(s, ev);
}

function toFuel(s: State, ev: Events): void {
  const c = s.combat!;
  c.step = "fuel";
  if (!fuelFeasible(s, c)) {
    // Safety net (R5): an attack whose fuel cannot be paid ends without effect; the actor stays spent.
    ev.push({ type: "fizzled", seat: c.seat, actor: c.actor });
    c.targets = [];
    c.ended = true;
    s.combat = null;
    return;
  }
  if (resolutionMode(actionKeywords(c), c.kind) === "snap") {
    c.fuel = [];
    afterFuel(s, ev);
  }
}

/** How many fuel cards: [required, optional extra] (4.2.1, 4.2.2, Obscure, Enhance, Awkward). */
export function fuelShape(s: State, c: Combat): { min: number; max: number; awkward: boolean } {
  const kws = actionKeywords(c);
  const mode = resolutionMode(kws, c.kind);
  const actor = unitById(s, c.actor);
  const awkward = kws.has(K.awkward);
  const extra = actor && hasTag(s, actor, TAG.enhance) ? 1 : 0;
  const target = unitById(s, c.targets[0]);
  if (mode === "snap") return { min: 0, max: 0, awkward: false };
  if (mode === "reckless") return { min: 1, max: 1, awkward };
  if (mode === "stoic" || mode === "ambience") return { min: 0, max: 1 + extra, awkward };
  if (c.kind === "critical") return { min: 2, max: 2 + extra, awkward };
  const obscured = target !== null && hasTag(s, target, TAG.obscure);
  return { min: obscured ? 2 : 1, max: (obscured ? 2 : 1) + extra, awkward };
}

const NO_DISCARD: ReadonlySet<KeywordId> = new Set([K.snap, K.stoic, K.ambience] as KeywordId[]);
/** The fuel cannot be paid and only one Augmented slot is left: it must go to a no-discard keyword. */
function mustPickNoDiscard(s: State, c: Combat): boolean {
  return c.kind === "attack" && !fuelFeasible(s, c) && c.augmented.length + 1 >= augmentLimit(s, c) && augmentOptions(s, c).some((k) => NO_DISCARD.has(k));
}
/** `augment_done` is allowed unless the fuel cannot be paid while a no-discard keyword is still available. */
function canFinishAugment(s: State, c: Combat): boolean {
  if (c.kind === "support" || fuelFeasible(s, c)) return true;
  return !(c.augmented.length < augmentLimit(s, c) && augmentOptions(s, c).some((k) => NO_DISCARD.has(k)));
}

/** The fuel step can be completed with the current hand. */
function fuelFeasible(s: State, c: Combat): boolean {
  const shape = fuelShape(s, c);
  const hand = s.players[c.seat].hand;
  if (hand.length < shape.min + (shape.awkward ? 1 : 0)) return false;
  if (c.kind === "critical") return hasSamePowerPair(hand) && hand.length >= 2 + (shape.awkward ? 1 : 0);
  return true;
}

function applyFuel(s: State, seat: number, cards: string[], ev: Events): void {
  const c = s.combat!;
  const p = s.players[seat];
  const shape = fuelShape(s, c);
  ensure(new Set(cards).size === cards.length && cards.every((x) => p.hand.includes(x)), "illegal_move", "fuel cards must be distinct cards from your hand");
  const n = cards.length - (shape.awkward ? 1 : 0);
  ensure(n >= shape.min && n <= shape.max, "illegal_move", `fuel ${shape.min}..${shape.max} card(s)${shape.awkward ? " plus one for Awkward (8.0)" : ""}`);
  if (c.kind === "critical") ensure(cardPower(cards[0]) === cardPower(cards[1]), "illegal_move", "a Critical Strike discards two cards of the same Power (4.2.2)");
  for (const x of cards) discardFromHand(s, seat, x, ev);
  c.fuel = shape.awkward ? cards.slice(0, -1) : [...cards];
  if (resolutionMode(actionKeywords(c), c.kind) === "reckless") c.revealed = revealTop(s, ev);
  afterFuel(s, ev);
}

function afterFuel(s: State, ev: Events): void {
  preRoll(s, ev);
}

/** Between the fuel and the Defender Reaction: Material, the EV, Gamble, Flux. */
function preRoll(s: State, ev: Events): void {
  const c = s.combat!;
  const kws = actionKeywords(c);
  const p = s.players[c.seat];
  if (kws.has(K.material) && !flag(c, "material")) {
    c.flags.push("material");
    const items = [p.self, ...p.animations].flatMap((u) => u.items);
    if (items.length) {
      ask(s, "material", c.seat, ["none", ...items], "preroll");
      return;
    }
  }
  if (resolutionMode(kws, c.kind) === "reckless" && c.revealed && c.fuel.length === 1 && !flag(c, "reckless")) {
    // Reckless (2.9): "They choose one of these two cards" (RULINGS R11). The higher Power is listed first (the timeout default, R24).
    c.flags.push("reckless");
    const both = cardPower(c.revealed) > cardPower(c.fuel[0]) ? [c.revealed, c.fuel[0]] : [c.fuel[0], c.revealed];
    ask(s, "reckless", c.seat, both.map((x) => `card:${x}`), "preroll");
    return;
  }
  if (kws.has(K.attuned as KeywordId) && !flag(c, "attuned") && c.kind === "attack" && resolutionMode(kws, c.kind) !== "reckless") {
    // Attuned (1.3): "a chosen friendly Animation's Focus" (RULINGS R26): asked when there is more than one; highest Focus first (timeout default).
    c.flags.push("attuned");
    const mine = p.animations.filter((u) => !u.suppressed).sort((a, b) => focusOf(s, b) - focusOf(s, a));
    if (mine.length >= 2) {
      ask(s, "attuned", c.seat, mine.map((u) => u.id), "preroll");
      return;
    }
  }
  if (!flag(c, "ev")) {
    c.flags.push("ev");
    computeEv(s, c, ev);
  }
  if (kws.has(K.gamble) && c.actor.startsWith("p") && unitById(s, c.actor) && !flag(c, "gambled")) {
    c.step = "gamble";
    return;
  }
  if (kws.has(K.flux) && !flag(c, "flux")) {
    c.flags.push("flux");
    const most = Math.min(5, hpLeft(s, c.seat) - 1);
    if (most > 0) {
      ask(s, "flux", c.seat, Array.from({ length: most + 1 }, (_, i) => String(i)), "preroll");
      return;
    }
  }
  startRoll(s, ev);
}

function applyGamble(s: State, seat: number, reveal: boolean, ev: Events): void {
  const c = s.combat!;
  if (!reveal) {
    c.flags.push("gambled");
    preRoll(s, ev);
    return;
  }
  const top = revealTop(s, ev);
  if (top) s.discard.push(top);
  c.gambled++;
  c.ev++;
  ev.push({ type: "gamble", seat, ev: c.ev });
  dealDamage(s, s.players[seat].self, 1, { preventable: false, by: null }, ev);
  if (s.outcome || s.players[seat].eliminated !== null) {
    s.combat = null;
    if (!s.outcome) endTurn(s, ev);
  }
}

/** 4.3.2: the target-independent part of the EV. */
function computeEv(s: State, c: Combat, ev: Events): void {
  const kws = actionKeywords(c);
  const mode = resolutionMode(kws, c.kind);
  const actor = unitById(s, c.actor) ?? newUnit(c.actor, null, c.seat);
  const source = unitById(s, c.source) ?? actor;
  const dazed = hasTag(s, actor, TAG.daze);
  const noFocus = [...kws].some((k) => hook(k)?.noFocus);
  let focus = focusOf(s, source);
  const ctx0 = ctxFor(s, c, []);
  for (const k of kws) {
    const f = hook(k)?.evFocus?.(ctx0);
    if (f !== undefined && f !== null) focus = f;
  }
  const powers = c.fuel.map(cardPower);
  const obscured = c.kind === "attack" && mode === "standard" && unitById(s, c.targets[0]) !== null && hasTag(s, unitById(s, c.targets[0])!, TAG.obscure);
  let fuel = obscured ? Math.min(powers[0], powers[1]) + powers.slice(2).reduce((a, b) => a + b, 0) : powers.reduce((a, b) => a + b, 0);
  if (dazed) fuel = 0;
  let value: number;
  if (mode === "snap") value = focus;
  else if (mode === "reckless") {
    // RULINGS R11: the chosen card; with no revealed card (empty library) the discarded one.
    const chosen = c.flags.find((f) => f.startsWith("recklessCard:"));
    value = chosen ? cardPower(chosen.slice("recklessCard:".length)) : (powers[0] ?? 0);
  }
  else if (mode === "stoic" && c.fuel.length === 0) value = 2 * focus;
  else if (mode === "ambience" && c.fuel.length === 0) value = focus + Math.max(0, ...s.discard.map(cardPower));
  else {
    value = (c.kind === "critical" || noFocus ? 0 : focus) + fuel;
    if (isPlayerUnit(source)) value += source.items.length;
  }
  if (mode !== "snap" && mode !== "reckless") {
    const ctx = ctxFor(s, c, ev);
    for (const k of kws) value += hook(k)?.ev?.(ctx) ?? 0;
  }
  if (c.kind !== "support" && hasTag(s, actor, TAG.weaken)) value -= 1;
  c.ev = value;
  ev.push({ type: "ev", ev: value, mode });
}

function targetEv(s: State, c: Combat, target: Unit): number {
  let v = c.ev;
  const mode = resolutionMode(actionKeywords(c), c.kind);
  if (mode !== "reckless" && mode !== "snap" && hasTag(s, target, TAG.mark)) v += 1;
  return Math.max(0, v);
}

function startRoll(s: State, ev: Events): void {
  const c = s.combat!;
  c.defendCard = null;
  c.defendExtra = null;
  c.sacrificed = null;
  c.rvBonus = 0;
  const target = unitById(s, c.targets[c.current]);
  if (!target) {
    nextTarget(s, ev);
    return;
  }
  c.step = "defend";
  if (defendOptions(s, c).length <= 1) {
    c.step = "resolve";
    runRoll(s, ev);
  }
}

/** Defender Reaction options (4.3.5, 2.16): "none", "card:<id>", "top" (Indirect), "item:<id>". */
export function defendOptions(s: State, c: Combat): string[] {
  const target = unitById(s, c.targets[c.current]);
  if (!target) return ["none"];
  const kws = actionKeywords(c);
  const mode = resolutionMode(kws, c.kind);
  if (mode === "snap" || mode === "reckless") return ["none"];
  const ctx = ctxFor(s, c, []);
  const noDiscard = [...kws].some((k) => hook(k)?.defenderNoDiscard?.(ctx, "attack")) || [...ctx.defense].some((k) => hook(k)?.defenderNoDiscard?.(ctx, "defense"));
  const out = ["none"];
  const owner = s.players[target.owner];
  if (!noDiscard) {
    if (kws.has(K.indirect)) out.push("top");
    else for (const h of owner.hand) out.push(`card:${h}`);
  }
  for (const i of target.items) out.push(`item:${i}`);
  return out;
}

function applyDefend(s: State, seat: number, a: Extract<Action, { type: "defend" }>, ev: Events): void {
  const c = s.combat!;
  const target = unitById(s, c.targets[c.current])!;
  const key = a.sacrifice !== undefined ? `item:${a.sacrifice}` : a.card === "top" ? "top" : a.card !== undefined ? `card:${a.card}` : "none";
  ensure(defendOptions(s, c).includes(key), "illegal_move", `defender reaction ${key} is not allowed now`);
  if (a.sacrifice !== undefined) {
    c.sacrificed = a.sacrifice;
    c.rvBonus += cardPower(a.sacrifice);
    ev.push({ type: "sacrifice", seat, item: a.sacrifice });
    destroyItem(s, a.sacrifice, ev);
  } else if (key === "top") {
    const top = revealTop(s, ev);
    if (top) {
      s.discard.push(top);
      c.rvBonus += hasTag(s, target, TAG.daze) ? 0 : cardPower(top);
      c.defendCard = top;
    }
  } else if (a.card !== undefined) {
    discardFromHand(s, seat, a.card, ev);
    c.defendCard = a.card;
    c.rvBonus += hasTag(s, target, TAG.daze) ? 0 : cardPower(a.card);
  }
  c.step = "defend_extra";
  if (extraDefendAllowed(s, c) === 0) {
    c.step = "resolve";
    runRoll(s, ev);
  }
}

/** Extra defending discards: Defensive (3.7, after a normal discard), Reactive (1.6), Enhance Tag. */
export function extraDefendAllowed(s: State, c: Combat): number {
  const target = unitById(s, c.targets[c.current]);
  if (!target) return 0;
  const ctx = ctxFor(s, c, []);
  const blocked = [...actionKeywords(c)].some((k) => hook(k)?.defenderNoDiscard?.(ctx, "attack")) || [...ctx.defense].some((k) => hook(k)?.defenderNoDiscard?.(ctx, "defense"));
  if (blocked || s.players[target.owner].hand.length === 0) return 0;
  const used = c.defendExtra ? 1 : 0;
  let n = 0;
  const defensive = ctx.defense.has(K.defensive) || staticKeywords(s, s.players[target.owner].self).includes(K.defensive);
  if (defensive && c.defendCard !== null) n++;
  if (ctx.defense.has(K.reactive)) n++;
  if (hasTag(s, target, TAG.enhance)) n++;
  return Math.max(0, Math.min(1, n - used)); // RULINGS R21: at most one extra card
}

function applyDefendExtra(s: State, seat: number, a: Extract<Action, { type: "defend_extra" }>, ev: Events): void {
  const c = s.combat!;
  const target = unitById(s, c.targets[c.current])!;
  if (a.card !== undefined) {
    ensure(extraDefendAllowed(s, c) > 0, "illegal_move", "no extra defending discard allowed");
    discardFromHand(s, seat, a.card, ev);
    c.defendExtra = a.card;
    c.rvBonus += hasTag(s, target, TAG.daze) ? 0 : cardPower(a.card);
  }
  c.step = "resolve";
  runRoll(s, ev);
}

/** 4.3.6 + 4.3.7 against the current target, then keyword effects. */
function runRoll(s: State, ev: Events): void {
  const c = s.combat!;
  const target = unitById(s, c.targets[c.current]);
  if (!target) {
    nextTarget(s, ev);
    return;
  }
  const ctx = ctxFor(s, c, ev);
  const kws = ctx.attack;
  const cur = c.current;
  if (kws.has(K.potent) && !flag(c, `potent:${cur}`)) {
    // Potent (8.9): decided before the numbers are compared.
    c.flags.push(`potent:${cur}`);
    ask(s, "potent", c.seat, ["normal", "potent"], "resolve");
    return;
  }
  const potent = flag(c, `potentOn:${cur}`);
  const mode = resolutionMode(kws, c.kind);
  const noFocus = [...kws].some((k) => hook(k)?.noFocus);
  let rv: number;
  if (mode === "reckless") rv = 0;
  else if (mode === "snap") rv = focusOf(s, target);
  else {
    rv = (noFocus ? 0 : focusOf(s, target)) + c.rvBonus;
    for (const k of kws) rv += hook(k)?.rv?.(ctx) ?? 0;
    for (const k of ctx.defense) rv += hook(k)?.rv?.(ctx) ?? 0;
    rv = Math.max(0, rv);
  }
  let evv = targetEv(s, c, target);
  if (mode !== "reckless" && mode !== "snap") for (const k of kws) if (k === K.exploit) evv += target.tags.filter((t) => isStatus(t.id)).length;
  const success = evv > rv || potent;
  let dmg = evv > rv && !potent ? evv - rv : 0;
  if (!flag(c, `rolled:${cur}`)) {
    c.flags.push(`rolled:${cur}`);
    ev.push({ type: "roll", target: target.id, ev: evv, rv, success, potent });
  }
  if (success && kws.has(K.edit) && !flag(c, "edit") && s.players[c.seat].en >= 1) {
    // Edit (0.9): pay 1 EN to add a keyword sharing a colour with the target's faction (R7, R25).
    c.flags.push("edit");
    const colors = factionColors(s, target);
    const options = [...HOOKS.values()]
      .filter((h) => colors.includes(kwColor(h.id)) && !kws.has(h.id) && !h.mode && !h.ev && !h.rv && !h.noFocus && !h.declare && !h.evFocus && !EDIT_EXCLUDED.has(h.id))
      .map((h) => h.id)
      .sort();
    if (options.length) {
      ask(s, "edit", c.seat, ["none", ...options], "resolve");
      return;
    }
  }
  if (dmg > 0) {
    for (const k of kws) dmg += hook(k)?.extraDamage?.(ctx, "attack") ?? 0;
    for (const k of ctx.defense) dmg += hook(k)?.extraDamage?.(ctx, "defense") ?? 0;
  }
  c.dealt[c.current] = 0;
  const unpreventable = [...kws].some((k) => hook(k)?.unpreventable);
  let placed = 0;
  let destroyed = false;
  if (dmg > 0 && c.aimItem && target.items.includes(c.aimItem) && kws.has(K.deadeye)) {
    // Deadeye (6.2): destroy the Item instead — not damage (Golden Rule 3).
    ev.push({ type: "deadeye", item: c.aimItem });
    destroyItem(s, c.aimItem, ev);
  } else if (dmg > 0 && kws.has(K.adaptive) && s.players[target.owner].hand.length > 0 && !flag(c, `adaptive:${cur}`)) {
    // Adaptive (0.7): the attacker may have the target's controller discard instead (a redirection, Golden Rule 3).
    c.flags.push(`adaptive:${cur}`);
    ask(s, "adaptive", c.seat, ["damage", "discard"], "resolve");
    return;
  } else if (dmg > 0 && flag(c, `adaptiveOn:${cur}`)) {
    const owner = s.players[target.owner];
    ask(s, "adaptive_discard", target.owner, owner.hand.map((h) => `card:${h}`), "post", { success });
    return;
  } else if (dmg > 0) {
    if (!unpreventable && blessable(s, target) && !flag(c, `bless:${cur}`)) {
      // Bless (RULINGS R47): its controller decides once the roll's damage is known (before Survivor).
      c.flags.push(`bless:${cur}`);
      ask(s, "bless", target.owner, ["use", "keep"], "resolve", { dmg });
      return;
    }
    // A used Bless Tag was removed with the answer and prevents 1 of this damage.
    const left = flag(c, `blessOn:${cur}`) ? dmg - 1 : dmg;
    const threshold = destroyThreshold(s, target);
    const owner = s.players[target.owner];
    const wouldDie = !target.suppressed && target.damage + left >= threshold;
    const survivor = !unpreventable && left > 0 && wouldDie && ctx.defense.has(K.survivor) && owner.hand.length > 0;
    if (survivor) {
      // Survivor (4.1): asked after this roll's numbers are known; damage waits for the answer.
      c.dealt[c.current] = left;
      c.step = "choice";
      c.choice = { purpose: "survivor", seat: target.owner, options: ["no", ...owner.hand.map((h) => `card:${h}`)], data: { dmg: left } };
      return;
    }
    placed = left > 0 ? dealDamage(s, target, left, { preventable: !unpreventable, by: c.seat, bless: "keep" }, ev) : 0;
  }
  finishRoll(s, ev, placed, success);
  void destroyed;
}

function finishRoll(s: State, ev: Events, placed: number, success: boolean): void {
  const c = s.combat;
  if (!c || s.outcome) return;
  const targetId = c.targets[c.current];
  const target = unitById(s, targetId);
  const destroyed = target === null;
  c.dealt[c.current] = placed;
  const ctx = ctxFor(s, c, ev, targetId);
  if (placed > 0 && !c.karmaGiven) {
    c.karmaGiven = true;
    gainKarma(s, c.seat, ev, "dealt damage");
  }
  if (placed > 0) for (const k of ctx.attack) if (!s.outcome) hook(k)?.onDamage?.(ctx, placed, "attack");
  if (placed > 0 && target) for (const k of ctx.defense) hook(k)?.onDamage?.(ctx, placed, "defense");
  // Keyword effects apply when the roll succeeds (RULINGS R7); Tags per 4.4.
  if (success && !s.outcome) {
    const actor = unitById(s, c.actor);
    for (const k of ctx.attack) {
      const cat = kwCategory(k);
      if (cat === 4 && actor) applyTag(s, actor, k, ev);
      if (cat === 5 && target) applyTag(s, target, k, ev, lingerLock(s, target, c.seat));
    }
  }
  if (!s.outcome) {
    for (const k of ctx.defense) hook(k)?.afterRoll?.(ctx, "defense", destroyed);
    for (const k of ctx.attack) hook(k)?.afterRoll?.(ctx, "attack", destroyed);
  }
  c.step = "resolve";
  continueAfterChoices(s, ev);
}

/** Drains queued choices, then moves to the next target / the end of the action. */
function continueAfterChoices(s: State, ev: Events): void {
  const c = s.combat;
  if (!c || s.outcome) return;
  if (c.choice) return;
  if (c.queue.length > 0) {
    c.choice = c.queue.shift()!;
    c.step = "choice";
    return;
  }
  if (c.step === "choice") c.step = "resolve";
  if (c.kind === "support" || c.targets.length === 0) {
    endAction(s, ev);
    return;
  }
  nextTarget(s, ev);
}

function nextTarget(s: State, ev: Events): void {
  const c = s.combat;
  if (!c || s.outcome) return;
  if (c.current + 1 < c.targets.length) {
    c.current++;
    startRoll(s, ev);
    return;
  }
  endAction(s, ev);
}

function endAction(s: State, ev: Events): void {
  const c = s.combat;
  if (!c || s.outcome) return;
  if (!c.ended) {
    const target = unitById(s, c.targets[0]);
    if (c.kind === "attack" && actionKeywords(c).has(K.rapid) && !flag(c, "rapid") && s.players[c.seat].en >= 1 && target && c.targets.length === 1 && unitById(s, c.actor)) {
      c.flags.push("rapid");
      ask(s, "rapid", c.seat, ["no", "yes"], "end");
      return;
    }
    c.ended = true;
    const ctx = ctxFor(s, c, ev);
    if (c.kind !== "support") for (const k of ctx.attack) hook(k)?.afterAction?.(ctx);
    if (c.revealed) {
      s.discard.push(c.revealed);
      c.revealed = null;
    }
    const actor = unitById(s, c.actor);
    if (actor) afterAnyAction(s, actor, ev);
    if (c.queue.length > 0 && !s.outcome) {
      c.choice = c.queue.shift()!;
      c.step = "choice";
      return;
    }
  }
  s.combat = null;
  if (!s.outcome && s.players[s.turnSeat].eliminated !== null) endTurn(s, ev);
}

function applyChoose(s: State, seat: number, option: string, ev: Events): void {
  const c = s.combat!;
  const ch = c.choice!;
  ensure(ch.seat === seat, "not_your_turn", `seat ${ch.seat} decides now`);
  ensure(ch.options.includes(option), "illegal_move", `${option} is not one of ${ch.options.join(", ")}`);
  c.choice = null;
  const data = ch.data ?? {};
  switch (ch.purpose) {
    case "survivor": {
      const target = unitById(s, c.targets[c.current])!;
      const dmg = Number(data.dmg);
      if (option === "no") {
        const placed = dealDamage(s, target, dmg, { preventable: true, by: c.seat, bless: "keep" }, ev);
        finishRoll(s, ev, placed, true);
      } else {
        discardFromHand(s, seat, option.slice(5), ev);
        ev.push({ type: "survivor", unit: target.id });
        suppress(s, target, ev);
        finishRoll(s, ev, 0, true);
      }
      return;
    }
    case "reckless":
      c.flags.push(`recklessCard:${option.slice(5)}`);
      ev.push({ type: "reckless", seat, card: option.slice(5) });
      break;
    case "bless":
      if (data.unit !== undefined) {
        // Deferred secondary damage (Piercing, Spread): dealt now, with or without the Bless Tag.
        const u = unitById(s, String(data.unit));
        const by = Number(data.by);
        if (u) dealDamage(s, u, Number(data.dmg), { preventable: true, by: by < 0 ? null : by, bless: option === "use" ? "use" : "keep" }, ev);
        if (!s.combat || s.outcome) return;
      } else if (option === "use") {
        // The roll's own damage: the Tag goes now and prevents 1 of it (runRoll resumes with the rest).
        const t = unitById(s, c.targets[c.current]);
        if (t && hasTag(s, t, TAG.bless)) {
          removeTag(t, TAG.bless);
          c.flags.push(`blessOn:${c.current}`);
          ev.push({ type: "prevented", unit: t.id, amount: 1, by: "Bless" });
        }
      }
      break;
    case "attuned":
      c.flags.push(`attunedUnit:${option}`);
      ev.push({ type: "attuned", seat, unit: option });
      break;
    case "stubborn":
      // Stubborn (3.3, RULINGS R13): "you may draw one card".
      if (option === "yes" && s.players[seat].eliminated === null) {
        ev.push({ type: "stubborn", seat });
        drawCards(s, seat, 1, ev);
      }
      break;
    case "aware": {
      // Aware (9.1, RULINGS R13): "you may pay 1 EN to draw one card".
      const q = s.players[seat];
      if (option === "yes" && q.en >= 1 && q.eliminated === null) {
        q.en -= 1;
        ev.push({ type: "aware", seat, en: q.en });
        drawCards(s, seat, 1, ev);
      }
      break;
    }
    case "sensor":
      if (option === "bottom") s.mainDeck.push(s.mainDeck.shift()!);
      ev.push({ type: "sensor", seat, put: option });
      break;
    case "charismatic":
      if (option !== "none") {
        const victim = Number(option.slice(1));
        const q = s.players[victim];
        // The opponent chooses? The text says "force an opponent to discard a card": they discard at random (RULINGS R13).
        const i = randInt(s, 0, q.hand.length - 1);
        discardFromHand(s, victim, q.hand[i], ev);
      }
      break;
    case "bane": {
      const color = Number(option.slice("color:".length)) as Color;
      s.players[seat].bane[String(data.source)] = color;
      ev.push({ type: "bane", seat, source: String(data.source), color });
      break;
    }
    case "immunized":
      s.players[seat].immunized.push(option as TagId);
      ev.push({ type: "immunized", seat, tag: option });
      break;
    case "boost":
      c.boostTo = option as "target" | "self";
      break;
    case "trickster":
      if (option !== "none") {
        discardFromHand(s, seat, option.slice(5), ev);
        const atk = s.players[c.seat];
        if (atk.hand.length === 0) {
          ev.push({ type: "cancelled", seat: c.seat, by: "Trickster" });
          s.combat = null;
          return;
        }
        ask(s, "trickster_pay", c.seat, atk.hand.map((h) => `card:${h}`), "augment");
        return;
      }
      break;
    case "trickster_pay":
      discardFromHand(s, seat, option.slice(5), ev);
      break;
    case "translocate":
      if (option === "return") {
        const t = unitById(s, c.targets[0]);
        if (t && t.card) {
          const owner = s.players[t.owner];
          owner.animations = owner.animations.filter((u) => u.id !== t.id);
          owner.hand.push(t.card, ...t.items);
          ev.push({ type: "translocate", unit: t.id, seat: t.owner });
        }
        c.targets = [];
        c.resume = "end";
      }
      break;
    case "material":
      if (option !== "none") {
        destroyItem(s, option, ev);
        c.flags.push("materialOn");
      }
      break;
    case "flux":
      if (option !== "0") {
        dealDamage(s, s.players[seat].self, Number(option), { preventable: false, by: null }, ev);
        if (!s.combat || s.outcome) return;
        if (s.players[seat].eliminated !== null) {
          s.combat = null;
          endTurn(s, ev);
          return;
        }
        c.ev += Number(option);
        ev.push({ type: "flux", seat, ev: c.ev });
      }
      break;
    case "potent":
      if (option === "potent") c.flags.push(`potentOn:${c.current}`);
      break;
    case "edit":
      if (option !== "none") {
        s.players[seat].en -= 1;
        c.gained.push(option as KeywordId);
        ev.push({ type: "edit", seat, keyword: option });
      }
      break;
    case "adaptive":
      if (option === "discard") c.flags.push(`adaptiveOn:${c.current}`);
      break;
    case "adaptive_discard":
      discardFromHand(s, seat, option.slice(5), ev);
      finishRoll(s, ev, 0, Boolean(data.success));
      return;
    case "rapid":
      if (option === "yes") {
        s.players[seat].en -= 1;
        ev.push({ type: "rapid", seat });
        c.flags = c.flags.filter((f) => f === "rapid" || f === "translocate" || f === "sentry" || f === "edit");
        c.current = 0;
        c.fuel = [];
        c.gambled = 0;
        if (c.revealed) s.discard.push(c.revealed);
        c.revealed = null;
        c.resume = "prefuel";
      }
      break;
    case "split":
      doSplit(s, option, ev);
      break;
    case "area": {
      const u = unitById(s, String(data.unit));
      if (u && option === "pay" && s.players[seat].en >= 1) {
        s.players[seat].en -= 1;
        ev.push({ type: "area_prevented", unit: u.id, en: s.players[seat].en });
      } else if (u) {
        const placed = dealDamage(s, u, 1, { preventable: true, by: c.seat, bless: option === "bless" ? "use" : "keep" }, ev);
        if (placed > 0 && !c.karmaGiven && s.combat) {
          c.karmaGiven = true;
          gainKarma(s, c.seat, ev, "dealt damage");
        }
      }
      break;
    }
    case "shift": {
      if (option !== "done") {
        const [item, to] = option.split(">");
        const from = unitOfItem(s, item);
        const dest = unitById(s, to);
        if (from && dest) {
          from.items = from.items.filter((i) => i !== item);
          dest.items.push(item);
          ev.push({ type: "move_item", seat, item, from: from.id, onto: dest.id });
        }
        const more = shiftOptions(s, seat);
        if (more.length) ask(s, "shift", seat, ["done", ...more], "support");
      }
      break;
    }
    default: {
      if (ch.purpose.startsWith("gain:")) {
        c.gained.push(option as KeywordId);
        ev.push({ type: "gained", seat, keyword: option, by: ch.purpose.slice(5) });
        break;
      }
      const kid = ch.purpose.split(":")[0] as KeywordId;
      const h = hook(kid);
      ensure(h?.answer, "illegal_move", `nothing answers ${ch.purpose}`);
      h.answer(ctxFor(s, c, ev), option, { ...data, purpose: ch.purpose });
    }
  }
  if (!s.combat || s.outcome) return;
  if (c.kind === "support" && c.step === "choice" && ch.purpose === "boost") {
    c.step = "resolve";
    resolveSupport(s, ev);
    return;
  }
  // Choices outside an action (Sensor / Charismatic / Immunized) hold a blank record.
  if (c.standalone) {
    if (c.queue.length > 0) {
      c.choice = c.queue.shift()!;
      return;
    }
    s.combat = null;
    return;
  }
  if (c.choice) return;
  if (c.queue.length > 0) {
    c.choice = c.queue.shift()!;
    return;
  }
  const resume = c.resume;
  c.resume = "post";
  switch (resume) {
    case "augment":
      toAugmentOrFuel(s, ev);
      return;
    case "prefuel":
      if (c.targets.length === 0) {
        endAction(s, ev);
        return;
      }
      toFuel(s, ev);
      return;
    case "preroll":
      preRoll(s, ev);
      return;
    case "resolve":
      c.step = "resolve";
      runRoll(s, ev);
      return;
    case "end":
      c.step = "resolve";
      endAction(s, ev);
      return;
    case "support":
      c.step = "resolve";
      endSupport(s, ev);
      return;
    default:
      continueAfterChoices(s, ev);
  }
}

const EDIT_EXCLUDED: ReadonlySet<KeywordId> = new Set([K.exploit, K.multiply, K.deadeye, K.traveller, K.channel, K.area, K.translocate, K.gamble, K.flux, K.material, K.potent, K.edit, K.adaptive, K.rapid, K.imbue, K.improvisor, K.indirect, K.stealthy] as KeywordId[]);

/** Edit (0.9, RULINGS R25): an Animation's faction is its module's colours; a Player's, its three colours. */
function factionColors(s: State, u: Unit): number[] {
  if (isPlayerUnit(u)) {
    const p = s.players[u.owner];
    return [p.primary, ...p.secondary];
  }
  if (!u.card) return [];
  const m = moduleByNumber(card(u.card).module);
  return m ? [...m.colors] : [];
}

/** Area (7.6): 1 damage to each enemy Animation, each preventable by its owner for 1 EN. */
function resolveArea(s: State, ev: Events): void {
  const c = s.combat!;
  c.targets = [];
  ev.push({ type: "area", seat: c.seat });
  for (const u of opponentsOf(s, c.seat).flatMap((p) => p.animations)) {
    // R33 / R47: "pay" (1 EN) and "bless" (its Bless Tag, no Ward) prevent the damage; "take" takes it.
    const options = [...(blessable(s, u) ? ["bless"] : []), "take", ...(s.players[u.owner].en >= 1 ? ["pay"] : [])];
    if (options.length > 1) ask(s, "area", u.owner, options, "end", { unit: u.id });
    else {
      const placed = dealDamage(s, u, 1, { preventable: true, by: c.seat, bless: "keep" }, ev);
      if (placed > 0 && !c.karmaGiven && s.combat) {
        c.karmaGiven = true;
        gainKarma(s, c.seat, ev, "dealt damage");
      }
    }
  }
  if (!s.combat || s.outcome) return;
  if (!c.choice) endAction(s, ev);
}

/** Split (7.9): destroy a friendly Animation, then Echo tokens (P1/F1, readied, outside the Command Limit) equal to its Power. */
function doSplit(s: State, unitId: string, ev: Events): void {
  const c = s.combat!;
  const u = unitById(s, unitId);
  if (!u) return;
  const n = powerOf(s, u);
  destroy(s, u, null, ev);
  const p = s.players[c.seat];
  for (let i = 0; i < n; i++) {
    s.echoes++;
    p.animations.push(newUnit(`echo-${s.echoes}`, null, c.seat));
  }
  ev.push({ type: "split", seat: c.seat, unit: unitId, echoes: n });
}

function shiftOptions(s: State, seat: number): string[] {
  const p = s.players[seat];
  const units = [p.self, ...p.animations];
  const out: string[] = [];
  for (const u of units) for (const i of u.items) for (const t of units) if (t.id !== u.id && t.items.length < itemLimit(s, t)) out.push(`${i}>${t.id}`);
  return out;
}

// ---------------------------------------------------------------- Support (4.2.3)

/** Checks a Support declaration without changing the state. */
function checkSupport(s: State, seat: number, a: Extract<Action, { type: "support" }>): Combat {
  const actor = actorUnit(s, seat, a.actor);
  const target = unitById(s, a.target);
  ensure(target && target.owner === seat, "illegal_move", `${a.target} is not a friendly unit`);
  let source = actor;
  if (a.source !== undefined) {
    const src = unitById(s, a.source);
    ensure(src && src.owner === seat && src.id !== actor.id, "illegal_move", "Channel: the Source must be another friendly unit (9.9)");
    source = src;
  }
  const c = blankCombat("support", seat, actor.id, source.id, [target.id]);
  const channel = a.source !== undefined && innateKeywords(s, actor).includes(K.channel) ? [K.channel as KeywordId] : [];
  c.innate = [...new Set([...(isPlayerUnit(source) ? [] : innateKeywords(s, source)), ...channel, ...flawsOf(s, actor)])];
  if (a.source !== undefined && !c.innate.includes(K.channel)) {
    ensure(augmentOptions(s, c).includes(K.channel) && augmentLimit(s, c) > 0, "illegal_move", "this needs keyword 9.9 (Channel)");
    c.augmented.push(K.channel);
  }
  return c;
}

function declareSupport(s: State, seat: number, a: Extract<Action, { type: "support" }>, ev: Events): void {
  const c = checkSupport(s, seat, a);
  const actor = unitById(s, c.actor)!;
  const target = unitById(s, c.targets[0])!;
  spend(s, actor);
  s.combat = c;
  ev.push({ type: "support", seat, actor: actor.id, target: target.id });
  toAugmentOrFuel(s, ev);
}

function resolveSupport(s: State, ev: Events): void {
  const c = s.combat!;
  const kws = actionKeywords(c);
  const boosts = [...kws].filter((k) => kwCategory(k) === 4);
  if (boosts.length > 0 && c.step !== "resolve") {
    // 4.4.A: the controller chooses where Boost Tags from a Support go.
    c.step = "choice";
    c.choice = { purpose: "boost", seat: c.seat, options: ["target", "self"] };
    return;
  }
  const target = unitById(s, c.targets[0]);
  const actor = unitById(s, c.actor);
  if (kws.has(K.split) && !flag(c, "split")) {
    c.flags.push("split");
    const mine = s.players[c.seat].animations.map((u) => u.id);
    if (mine.length) {
      ask(s, "split", c.seat, mine, "support");
      return;
    }
  }
  if (target && !kws.has(K.split)) {
    removeDamage(s, target, 1, ev);
    const ctx = ctxFor(s, c, ev);
    for (const k of kws) hook(k)?.onSupport?.(ctx);
    for (const k of kws) {
      const cat = kwCategory(k);
      const to = c.boostTo === "self" ? actor : target;
      if (cat === 4 && to) applyTag(s, to, k, ev);
      if (cat === 5) applyTag(s, target, k, ev); // RULINGS R22
    }
  }
  if (kws.has(K.shift) && !flag(c, "shift")) {
    // Shift (3.9): move any number of Items between Your units, one decision per move.
    c.flags.push("shift");
    const options = shiftOptions(s, c.seat);
    if (options.length) {
      ask(s, "shift", c.seat, ["done", ...options], "support");
      return;
    }
  }
  endSupport(s, ev);
}

function endSupport(s: State, ev: Events): void {
  const c = s.combat;
  if (!c || s.outcome) return;
  c.step = "resolve";
  c.targets = [];
  continueAfterChoices(s, ev);
}

// ================================================================ legal actions and apply

export function actors(s: State): number[] {
  if (s.outcome) return [];
  if (s.phase === "draft") return [s.picker];
  const c = s.combat;
  if (c) {
    if (c.choice) return [c.choice.seat];
    if (c.step === "defend" || c.step === "defend_extra") return [unitById(s, c.targets[c.current])!.owner];
    return [c.seat];
  }
  return [s.turnSeat];
}

function combos<T>(xs: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  const out: T[][] = [];
  xs.forEach((x, i) => {
    for (const rest of combos(xs.slice(i + 1), k - 1)) out.push([x, ...rest]);
  });
  return out;
}

export function legalActions(s: State, seat: number): Action[] {
  if (!actors(s).includes(seat)) return [];
  if (s.phase === "draft") return [...s.pool].sort((a, b) => a - b).map((m) => ({ type: "pick", module: m }));
  const p = s.players[seat];
  const c = s.combat;
  if (c) {
    if (c.choice) return c.choice.options.map((o) => ({ type: "choose", option: o }));
    switch (c.step) {
      case "augment": {
        const out: Action[] = canFinishAugment(s, c) ? [{ type: "augment_done" }] : [];
        const forced = mustPickNoDiscard(s, c);
        if (c.augmented.length < augmentLimit(s, c)) for (const k of augmentOptions(s, c)) if (!forced || NO_DISCARD.has(k)) out.push({ type: "augment", keyword: k });
        const actor = unitById(s, c.actor)!;
        const ctx = ctxFor(s, c, []);
        if (c.kind !== "support" && hasTag(s, actor, TAG.augment)) for (const k of [...new Set(codexKeywords(p))]) if (!actionKeywords(c).has(k) && !hook(k)?.declare?.(ctx)) out.push({ type: "augment", keyword: k, tag: true });
        return out;
      }
      case "fuel": {
        const shape = fuelShape(s, c);
        const out: Action[] = [];
        const hand = [...p.hand];
        for (let n = shape.min; n <= shape.max; n++) {
          const total = n + (shape.awkward ? 1 : 0);
          if (total > hand.length) continue;
          for (const combo of combos(hand, total)) {
            if (c.kind === "critical") {
              // the pair first (any same-Power pair inside the combo), extras after
              for (const pair of combos(combo, 2)) {
                if (cardPower(pair[0]) !== cardPower(pair[1])) continue;
                const rest = combo.filter((x) => !pair.includes(x));
                out.push({ type: "fuel", cards: [...pair, ...rest] });
              }
            } else out.push({ type: "fuel", cards: combo });
          }
        }
        return dedupe(out);
      }
      case "gamble":
        return [{ type: "gamble", reveal: false }, { type: "gamble", reveal: true }];
      case "defend":
        return defendOptions(s, c).map((o) =>
          o === "none" ? { type: "defend" } : o === "top" ? { type: "defend", card: "top" } : o.startsWith("item:") ? { type: "defend", sacrifice: o.slice(5) } : { type: "defend", card: o.slice(5) },
        );
      case "defend_extra":
        return [{ type: "defend_extra" }, ...p.hand.map((h) => ({ type: "defend_extra" as const, card: h }))];
      default:
        return [];
    }
  }
  if (s.phase === "ready") {
    const u = s.slowQueue[0];
    return [{ type: "slow", unit: u, pay: false }, { type: "slow", unit: u, pay: true }];
  }
  if (s.phase === "refresh") return [...new Set(p.hand)].map((h) => ({ type: "discard", card: h }));
  return turnActions(s, seat);
}

function dedupe(xs: Action[]): Action[] {
  const seen = new Set<string>();
  return xs.filter((x) => {
    const k = JSON.stringify(x);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function canActNow(s: State, u: Unit): boolean {
  if (u.suppressed) return false;
  if (isPlayerUnit(u)) return s.players[u.owner].spentTokens < 2;
  return !u.spent;
}

/** Every legal main action of the turn player (no Channel/Multiply/Deadeye variants: see legalAttackVariants). */
function turnActions(s: State, seat: number): Action[] {
  const p = s.players[seat];
  const out: Action[] = [{ type: "end" }];
  const units = [p.self, ...p.animations];
  for (const u of units) {
    if (!canActNow(s, u)) continue;
    out.push({ type: "charge", actor: u.id });
    out.push({ type: "purge", actor: u.id });
    for (const t of u.tags) if (isStatus(t.id) && removable(s, t)) out.push({ type: "purge", actor: u.id, removeTag: t.id });
    for (const f of units) {
      out.push({ type: "support", actor: u.id, target: f.id });
      if (hasAccess(s, u, K.channel)) {
        for (const src of units) {
          if (src.id === u.id) continue;
          const v: Extract<Action, { type: "support" }> = { type: "support", actor: u.id, target: f.id, source: src.id };
          try {
            checkSupport(s, seat, v);
            out.push(v);
          } catch (e) {
            if (!(e instanceof RuleError)) throw e;
          }
        }
      }
    }
    if (s.turn > 1 && !hasTag(s, u, TAG.bind)) {
      for (const e of opponentsOf(s, seat)) {
        for (const t of [e.self, ...e.animations]) {
          // cheap filters first (checkAttack would refuse these with an exception)
          if (t.untargetable) continue;
          if (isPlayerUnit(t) && guarded(s, t.owner) && !hasAccess(s, u, K.traveller)) continue;
          for (const critical of [false, true]) {
            if (critical && !hasSamePowerPair(p.hand)) continue;
            const a: Extract<Action, { type: "attack" }> = critical ? { type: "attack", actor: u.id, target: t.id, critical: true } : { type: "attack", actor: u.id, target: t.id };
            // Declarations implying a keyword (R6), only when the actor has access to it; every combination.
            const seconds: (string | undefined)[] = [undefined];
            if (hasAccess(s, u, K.multiply)) for (const e2 of opponentsOf(s, seat)) for (const t2 of [e2.self, ...e2.animations]) if (t2.id > t.id) seconds.push(t2.id);
            const items: (string | undefined)[] = [undefined, ...(hasAccess(s, u, K.deadeye) ? t.items : [])];
            const sources: (string | undefined)[] = [undefined, ...(hasAccess(s, u, K.channel) ? units.filter((f) => f.id !== u.id).map((f) => f.id) : [])];
            for (const second of seconds) {
              for (const item of items) {
                for (const source of sources) {
                  const v: Extract<Action, { type: "attack" }> = { ...a };
                  if (second !== undefined) v.second = second;
                  if (item !== undefined) v.item = item;
                  if (source !== undefined) v.source = source;
                  if (wouldAccept(s, seat, v)) out.push(v);
                }
              }
            }
          }
        }
      }
    }
  }
  if (canActNow(s, p.self)) {
    for (const h of new Set(p.hand)) {
      if (card(h).kind === "animation") {
        if (commanded(p) < focusOf(s, p.self) && p.en >= deployCost(s, seat, h)) out.push({ type: "deploy", card: h });
      } else if (p.en >= equipCost(s, seat, h)) for (const u of units) if (u.items.length < itemLimit(s, u)) out.push({ type: "equip", item: h, target: u.id });
    }
    for (const u of units) for (const i of u.items) for (const t of units) if (t.id !== u.id && t.items.length < itemLimit(s, t)) out.push({ type: "equip", item: i, target: t.id });
  }
  if (p.karma >= 1) {
    out.push({ type: "karma", spend: "overclock" });
    for (const u of p.animations) if (u.spent || u.suppressed) out.push({ type: "karma", spend: "reengage", unit: u.id });
  }
  if (p.karma >= 3 && p.codexDeck.length > 0) out.push({ type: "karma", spend: "acquire" });
  if (p.karma >= p.focus + 1) out.push({ type: "karma", spend: "refine" });
  for (const u of units) {
    if (isAnimation(u) && u.spent && !u.suppressed && hasTag(s, u, TAG.haste)) out.push({ type: "tag", use: "haste", unit: u.id });
    if (u.suppressed && hasTag(s, u, TAG.liberate)) out.push({ type: "tag", use: "liberate", unit: u.id });
  }
  return out;
}

/** The unit has keyword `k` Innate or among what it may augment. */
function hasAccess(s: State, u: Unit, k: KeywordId): boolean {
  if (innateKeywords(s, u).includes(k)) return true;
  const pool = isPlayerUnit(u) ? [...codexKeywords(s.players[u.owner]), ...itemKeywords(u)] : itemKeywords(u);
  return pool.includes(k);
}

/** True when the attack declaration `a` would be accepted. */
function wouldAccept(s: State, seat: number, a: Extract<Action, { type: "attack" }>): boolean {
  try {
    checkAttack(s, seat, a);
    return true;
  } catch (e) {
    if (e instanceof RuleError) return false;
    throw e;
  }
}

export function applyAction(state: State, seat: number, a: Action): { state: State; events: Events } {
  if (state.outcome) throw new RuleError("game_over", "the game is over");
  ensure(actors(state).includes(seat), "not_your_turn", `seat ${seat} cannot act now (actors: ${actors(state).join(", ")})`);
  const s = clone(state);
  const ev: Events = [];
  s.shown = [];
  s.looked = null;
  const c = s.combat;
  const p = s.players[seat];
  const need = (cond: boolean, what: string) => ensure(cond, "illegal_move", `${a.type} is not possible now: ${what}`);
  if (s.phase === "draft") {
    need(a.type === "pick", "the draft is on");
    applyPick(s, seat, (a as { module: number }).module, ev);
    return { state: s, events: ev };
  }
  if (c) {
    if (c.choice) {
      need(a.type === "choose", `a choice (${c.choice.purpose}) is pending`);
      applyChoose(s, seat, (a as { option: string }).option, ev);
    } else if (c.step === "augment") {
      need(a.type === "augment" || a.type === "augment_done", "declare Augmented keywords or augment_done");
      if (a.type === "augment") applyAugment(s, seat, a, ev);
      else {
        need(canFinishAugment(s, c), "the fuel cannot be paid without a no-discard keyword (Snap, Stoic, Ambience)");
        afterAugment(s, ev);
      }
    } else if (c.step === "fuel") {
      need(a.type === "fuel", "discard fuel");
      applyFuel(s, seat, (a as { cards: string[] }).cards, ev);
    } else if (c.step === "gamble") {
      need(a.type === "gamble", "Gamble: reveal or stop");
      applyGamble(s, seat, (a as { reveal: boolean }).reveal, ev);
    } else if (c.step === "defend") {
      need(a.type === "defend", "the defender reacts");
      applyDefend(s, seat, a as Extract<Action, { type: "defend" }>, ev);
    } else if (c.step === "defend_extra") {
      need(a.type === "defend_extra", "the defender may discard one more card");
      applyDefendExtra(s, seat, a as Extract<Action, { type: "defend_extra" }>, ev);
    } else throw new RuleError("illegal_move", "nothing to decide");
    return { state: s, events: ev };
  }
  if (s.phase === "ready") {
    need(a.type === "slow", "a Slow decision is pending");
    applySlow(s, seat, a as Extract<Action, { type: "slow" }>, ev);
    return { state: s, events: ev };
  }
  if (s.phase === "refresh") {
    need(a.type === "discard", "System Refresh: discard down to 5");
    discardFromHand(s, seat, (a as { card: string }).card, ev);
    continueRefresh(s, ev);
    return { state: s, events: ev };
  }
  switch (a.type) {
    case "end":
      ev.push({ type: "end_turn", seat });
      endTurn(s, ev);
      break;
    case "attack":
      declareAttack(s, seat, a, ev);
      break;
    case "support":
      declareSupport(s, seat, a, ev);
      break;
    case "purge":
      applyPurge(s, seat, a, ev);
      break;
    case "charge":
      applyCharge(s, seat, a.actor, ev);
      break;
    case "deploy":
      applyDeploy(s, seat, a.card, ev);
      break;
    case "equip":
      applyEquip(s, seat, a, ev);
      break;
    case "karma":
      applyKarma(s, seat, a, ev);
      break;
    case "tag":
      applyTagUse(s, seat, a, ev);
      break;
    default:
      throw new RuleError("illegal_move", `${a.type} is not possible in the Action Phase`);
  }
  void p;
  // R4: a turn Player eliminated by their own action (Blight, Martial…) ends their turn at once.
  if (!s.outcome && !s.combat && s.phase === "action" && s.players[s.turnSeat].eliminated !== null) endTurn(s, ev);
  return { state: s, events: ev };
}

export { kwColor };
