/**
 * The SolRei rules (Arcade Mode): a pure state machine of small decisions.
 * See RULINGS.md for every interpretation of the rulebook made here.
 */
import type { GameEvent } from "../core/engine.ts";
import { RuleError, ensure } from "../core/errors.ts";
import { randInt, seedRng, shuffleInPlace } from "../core/rng.ts";
import {
  ADVANTAGES,
  ARTS,
  BLACK,
  MUSES,
  RED,
  SUITS,
  SUIT_SYMBOL,
  meetsRequirements,
  type Ability,
  type Cost,
  type EffectStep,
  type Suit,
  type Timing,
} from "./cards.ts";
import type {
  Action,
  Frame,
  PlayerState,
  Prompt,
  ReiPool,
  Seat,
  SeatConfig,
  SelectPurpose,
  Stage,
  StackItem,
  State,
  Config,
} from "./types.ts";

type Events = GameEvent[];

export const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"] as const;
export const MAX_DAMAGE = 7;
export const HAND_SIZE = 5;
/** Engine safety limit on Acts in one Show (see RULINGS R9). */
export const MAX_ACTS = 5;

// ---------------------------------------------------------------- cards

export function cardId(seat: number, rank: string, suit: Suit): string {
  return `p${seat}-${rank}${suit}`;
}
export function cardSuit(id: string): Suit {
  return id[id.length - 1] as Suit;
}
export function cardRank(id: string): string {
  return id.slice(id.indexOf("-") + 1, -1);
}
/** Printed Power of an Attack card (2-10), null for a CHARGE card (J, Q, K, A). */
export function attackPower(id: string): number | null {
  const n = Number(cardRank(id));
  return Number.isInteger(n) && n >= 2 && n <= 10 ? n : null;
}
export function isCharge(id: string): boolean {
  return attackPower(id) === null;
}
export function cardLabel(id: string): string {
  return `${cardRank(id)}${SUIT_SYMBOL[cardSuit(id)]}`;
}
export function fullDeck(seat: number): string[] {
  const out: string[] = [];
  for (const suit of SUITS) for (const rank of RANKS) out.push(cardId(seat, rank, suit));
  return out;
}

// ---------------------------------------------------------------- small helpers

function rival(seat: Seat): Seat {
  return (1 - seat) as Seat;
}
function pub(E: Events, type: string, seat: Seat | undefined, fields: Record<string, unknown> = {}): void {
  E.push(seat === undefined ? { type, ...fields } : { type, seat, ...fields });
}
function priv(E: Events, type: string, seat: Seat, fields: Record<string, unknown> = {}): void {
  E.push({ type, seat, to: [seat], ...fields });
}
function emptyRei(): ReiPool {
  return { S: 0, H: 0, D: 0, C: 0 };
}
function removeFrom(list: string[], card: string): void {
  const i = list.indexOf(card);
  if (i >= 0) list.splice(i, 1);
}

export function museOf(p: PlayerState) {
  return MUSES[p.muse];
}

interface SourceInfo {
  ability: Ability;
  cardId: string;
  name: string;
  slot: number | null;
}

/** The ability behind a source ("muse", "advantage", "art:<slot>"). */
export function sourceInfo(p: PlayerState, source: string): SourceInfo | null {
  if (source === "muse") {
    const m = MUSES[p.muse];
    return { ability: m.ability, cardId: m.id, name: m.name, slot: null };
  }
  if (source === "advantage") {
    const a = ADVANTAGES[p.advantage];
    return { ability: a.ability, cardId: a.id, name: a.name, slot: null };
  }
  if (source.startsWith("art:")) {
    const slot = Number(source.slice(4));
    const art = p.arts[slot];
    if (!art) return null;
    const card = ARTS[art.id];
    return { ability: card.ability, cardId: card.id, name: card.name, slot };
  }
  return null;
}

export function artQualified(p: PlayerState, slot: number): boolean {
  const art = ARTS[p.arts[slot].id];
  return meetsRequirements(MUSES[p.muse], art.requires);
}

function endAugment(p: PlayerState, slot: number, seat: Seat, E: Events): void {
  const qualified = artQualified(p, slot);
  p.arts[slot].state = qualified ? "exhausted" : "broken";
  pub(E, qualified ? "art_exhausted" : "art_broken", seat, { slot, art: p.arts[slot].id, reason: "augment_ended" });
}

// ---------------------------------------------------------------- Rei and costs

/** Pays `cost` (the Rei part) out of `pool`; null when it cannot (R5: automatic payment order). */
export function payRei(pool: ReiPool, cost: Cost): ReiPool | null {
  const p = { ...pool };
  for (const s of SUITS) {
    const need = cost[s] ?? 0;
    if (p[s] < need) return null;
    p[s] -= need;
  }
  const takeFrom = (suits: readonly Suit[], need: number): boolean => {
    for (let i = 0; i < need; i++) {
      let best: Suit | null = null;
      for (const s of suits) if (p[s] > 0 && (best === null || p[s] > p[best])) best = s;
      if (best === null) return false;
      p[best]--;
    }
    return true;
  };
  if (!takeFrom(RED, cost.red ?? 0)) return null;
  if (!takeFrom(BLACK, cost.black ?? 0)) return null;
  if (!takeFrom(SUITS, (cost.any ?? 0) + (cost.spend ?? 0))) return null;
  return p;
}

export function reiTotal(pool: ReiPool): number {
  return pool.S + pool.H + pool.D + pool.C;
}

/** Cards a seat can spend for Rei: hand cards and face-up damage cards. */
export function reiSources(p: PlayerState): string[] {
  const out = p.hand.map((c) => `h:${c}`);
  p.damage.forEach((d, i) => {
    if (d.state === "up") out.push(`d:${i}`);
  });
  return out;
}

function sourceCard(p: PlayerState, source: string): string | null {
  if (source.startsWith("h:")) {
    const card = source.slice(2);
    return p.hand.includes(card) ? card : null;
  }
  if (source.startsWith("d:")) {
    const i = Number(source.slice(2));
    const d = p.damage[i];
    return Number.isInteger(i) && d && d.state === "up" ? d.card : null;
  }
  return null;
}

/** Spends a hand card (discard) or a face-up damage card (exhaust); returns its suit. */
function spendSource(p: PlayerState, seat: Seat, source: string, E: Events, why: string): Suit {
  const card = sourceCard(p, source);
  if (card === null) {
    throw new RuleError(source.startsWith("h:") ? "card_not_in_hand" : "bad_source", `${source} cannot be spent: not a hand card or a face-up damage card of yours`);
  }
  if (source.startsWith("h:")) {
    removeFrom(p.hand, card);
    p.discard.push(card);
    pub(E, "discarded", seat, { card, why });
  } else {
    p.damage[Number(source.slice(2))].state = "exhausted";
    pub(E, "damage_exhausted", seat, { index: Number(source.slice(2)), card, why });
  }
  return cardSuit(card);
}

// ---------------------------------------------------------------- setup

function freshPlayer(cfg: SeatConfig, seat: Seat): PlayerState {
  return {
    muse: cfg.muse,
    advantage: cfg.advantage,
    arts: cfg.arts.map((id) => ({ id, state: "down" as const })),
    deck: fullDeck(seat),
    hand: [],
    discard: [],
    damage: [],
    cultivated: [],
    checking: [],
    placed: null,
    confirmed: false,
    mulligan: "pending",
    rei: emptyRei(),
    powerBonus: 0,
    damageGain: 0,
    canGainDamage: true,
    incoming: 0,
    damagedThisRound: false,
    grappled: false,
    used: [],
  };
}

function startAct(s: State, E: Events): void {
  s.players = [freshPlayer(s.seats[0], 0), freshPlayer(s.seats[1], 1)];
  for (const p of s.players) shuffleInPlace(s, p.deck);
  s.round = 0;
  s.stage = "choose_first";
  s.prompt = null;
  s.window = null;
  s.stack = [];
  s.frames = [];
  s.triggers = [];
  s.chargeQueue = [];
  s.revealed = false;
  s.showdown = null;
  pub(E, "act_started", undefined, { act: s.act, chooser: s.chooser });
}

export function setupState(config: Config, seats: readonly SeatConfig[], seed: string): State {
  const s: State = {
    rng: seedRng(seed),
    format: config.format,
    seats: seats.map((c) => ({ muse: c.muse, advantage: c.advantage, arts: [...c.arts] })),
    act: 1,
    acts: [],
    wins: [0, 0],
    chooser: 0,
    firstOffense: 0,
    round: 0,
    offense: 0,
    stage: "choose_first",
    prompt: null,
    window: null,
    stack: [],
    frames: [],
    nextUid: 1,
    revealed: false,
    showdown: null,
    triggers: [],
    chargeQueue: [],
    players: [freshPlayer(seats[0], 0), freshPlayer(seats[1], 1)],
    outcome: null,
  };
  // III.2.C: Act 1's chooser is random (the coin toss).
  s.chooser = randInt(s, 0, 1) as Seat;
  for (const p of s.players) shuffleInPlace(s, p.deck);
  advance(s, []);
  return s;
}

// ---------------------------------------------------------------- drawing and moving

function drawCards(s: State, seat: Seat, n: number, E: Events, why: string): number {
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

function endAct(s: State, winner: Seat | null, reason: string, E: Events): void {
  s.acts.push({ winner, reason });
  if (winner !== null) s.wins[winner]++;
  pub(E, "act_over", undefined, { act: s.act, winner, reason, wins: [...s.wins] });
  s.prompt = null;
  s.window = null;
  s.stack = [];
  s.frames = [];
  s.triggers = [];
  for (const p of s.players) p.rei = emptyRei();
  const done = s.wins[0] >= 2 || s.wins[1] >= 2 || s.acts.length >= MAX_ACTS;
  if (done) {
    s.stage = "over";
    const ranks = s.wins[0] === s.wins[1] ? [1, 1] : s.wins[0] > s.wins[1] ? [1, 2] : [2, 1];
    const reason = ranks[0] === ranks[1] ? "show_drawn" : `won_${Math.max(...s.wins)}_acts_to_${Math.min(...s.wins)}`;
    s.outcome = { ranks, reason };
    pub(E, "show_over", undefined, { ranks, wins: [...s.wins] });
    return;
  }
  // III.2.C: the loser of the previous Act chooses; after a drawn Act the other player does (R8).
  s.chooser = winner === null ? rival(s.chooser) : rival(winner);
  s.act++;
  // The finished Act's field stays on the table (and in the views) until the chooser
  // decides; choosing starts the new Act (R4).
  s.stage = "choose_first";
  s.prompt = null;
  s.chargeQueue = [];
}

// ---------------------------------------------------------------- abilities

export type ActivateSource = "muse" | "advantage" | `art:${number}`;

/** Public-only check (no Rei, no hand): could `seat` activate `source` in `timing` if it pays? */
export function activationBlocker(s: State, seat: Seat, source: string, timing: Timing | null): [string, string] | null {
  const p = s.players[seat];
  const info = sourceInfo(p, source);
  if (!info) return ["bad_source", `no such source ${source}`];
  const ab = info.ability;
  if (p.grappled) return ["grappled", "your Rival GRAPPLEd you: you cannot activate Arts or Abilities this round"];
  if (ab.timings.length === 0) return ["automatic_ability", `${info.name}'s ability is automatic and cannot be activated`];
  if (timing === null || !ab.timings.includes(timing)) {
    return ["wrong_timing", `${info.name} can be activated only in ${ab.timings.join(", ")}${timing ? `, not in ${timing}` : ""}`];
  }
  if (info.slot !== null) {
    const art = p.arts[info.slot];
    const card = ARTS[art.id];
    if (art.state !== "ready") return ["art_not_ready", `${card.name} is ${art.state === "down" ? "face-down" : art.state}, not readied`];
    if (card.signature && card.signature !== p.muse) {
      return ["signature_move", `${card.name} is a SIGNATURE MOVE of ${MUSES[card.signature].name}`];
    }
  } else if (ab.oncePerRound && p.used.includes(source)) {
    return ["already_used", `${info.name}'s ability was already used this round`];
  }
  if (ab.crisis !== undefined && p.damage.length < ab.crisis) {
    return ["crisis_not_met", `CRISIS ${ab.crisis}: you have only ${p.damage.length} damage`];
  }
  if ((ab.cost.harvest ?? 0) > p.cultivated.length) {
    return ["not_enough_cultivated", `HARVEST ${ab.cost.harvest}: only ${p.cultivated.length} cultivated cards`];
  }
  if (ab.effect.some((e) => e.k === "negate") && negateTarget(s, seat) === null) {
    return ["no_target", "NEGATE needs a Rival's ability in the Exchange"];
  }
  return null;
}

function negateTarget(s: State, seat: Seat): number | null {
  for (let i = s.stack.length - 1; i >= 0; i--) if (s.stack[i].seat !== seat) return s.stack[i].uid;
  return null;
}

export function allSources(p: PlayerState): string[] {
  return ["muse", "advantage", ...p.arts.map((_, i) => `art:${i}`)];
}

/** Full check including Rei (the seat's own knowledge). */
export function canActivate(s: State, seat: Seat, source: string): boolean {
  if (!s.window) return false;
  if (activationBlocker(s, seat, source, s.window.timing)) return false;
  const info = sourceInfo(s.players[seat], source)!;
  return payRei(s.players[seat].rei, info.ability.cost) !== null;
}

/** Opens the window of `timing` when some seat could use it (public facts only), else moves on. */
function openWindow(s: State, timing: Timing, next: Stage): void {
  const anyone = ([0, 1] as Seat[]).some((seat) =>
    allSources(s.players[seat]).some((src) => activationBlocker(s, seat, src, timing) === null),
  );
  if (anyone || s.stack.length > 0) {
    s.window = { timing, priority: s.offense, passes: 0, next };
  } else {
    s.stage = next;
  }
}

function closeWindow(s: State, E: Events): void {
  const w = s.window!;
  for (const seat of [0, 1] as Seat[]) {
    const p = s.players[seat];
    if (reiTotal(p.rei) > 0) pub(E, "rei_vanished", seat, { amount: reiTotal(p.rei) });
    p.rei = emptyRei();
  }
  s.window = null;
  s.stage = w.next;
}

function pushStack(s: State, seat: Seat, source: string, automatic: boolean, E: Events): StackItem {
  const p = s.players[seat];
  const info = sourceInfo(p, source)!;
  const item: StackItem = {
    uid: s.nextUid++,
    seat,
    source,
    cardId: info.cardId,
    name: info.name,
    automatic,
    targetUid: info.ability.effect.some((e) => e.k === "negate") ? negateTarget(s, seat) : null,
    steps: info.ability.effect,
  };
  s.stack.push(item);
  pub(E, automatic ? "triggered" : "activated", seat, { source, card: info.cardId, name: info.name, uid: item.uid, target: item.targetUid });
  return item;
}

function triggerMatches(card: string | null, ab: Ability): boolean {
  const t = ab.trigger;
  if (!t || card === null) return false;
  const power = attackPower(card);
  if (t.suit !== undefined && cardSuit(card) !== t.suit) return false;
  if (t.attack === true && power === null) return false;
  if (t.attack === false && power !== null) return false;
  if (t.maxPower !== undefined && (power === null || power > t.maxPower)) return false;
  return true;
}

// ---------------------------------------------------------------- power and damage

function augmentBonus(p: PlayerState, key: "power" | "damage"): number {
  let n = 0;
  for (const a of p.arts) if (a.state === "augmented") n += ARTS[a.id].augment?.[key] ?? 0;
  return n;
}

/** Current Power of a seat's Action Card (null: a CHARGE card or none). */
export function powerOf(p: PlayerState): number | null {
  if (p.placed === null) return null;
  const base = attackPower(p.placed);
  if (base === null) return null; // CHARGE cards have no Power and cannot gain it
  return base + p.powerBonus + augmentBonus(p, "power");
}

function gainDamage(s: State, seat: Seat, n: number, E: Events): void {
  const p = s.players[seat];
  if (!p.canGainDamage) {
    pub(E, "gain_damage_ignored", seat, { n });
    return;
  }
  if (s.showdown === null) p.damageGain += n;
  else s.players[rival(seat)].incoming += n;
  pub(E, "gained_damage", seat, { n });
}

// ---------------------------------------------------------------- selections

function readyTargets(p: PlayerState, artsOnly: boolean): string[] {
  const out: string[] = [];
  p.arts.forEach((a, i) => {
    if (a.state === "down" || a.state === "exhausted") out.push(`art:${i}`);
  });
  if (!artsOnly) {
    p.damage.forEach((d, i) => {
      if (d.state === "exhausted") out.push(`dmg:${i}`);
    });
  }
  return out;
}

function faceUpTargets(p: PlayerState): string[] {
  const out: string[] = [];
  p.arts.forEach((a, i) => {
    if (a.state === "ready" || a.state === "augmented") out.push(`art:${i}`);
  });
  p.damage.forEach((d, i) => {
    if (d.state === "up") out.push(`dmg:${i}`);
  });
  return out;
}

/** Every choice of the pending select prompt (computed from the state, never stored). */
export function selectOptions(s: State): string[] {
  const pr = s.prompt;
  if (!pr || pr.kind !== "select") return [];
  const me = s.players[pr.seat];
  const other = s.players[rival(pr.seat)];
  switch (pr.purpose) {
    case "sor_ready":
      return [...readyTargets(me, true), "none"];
    case "charge_choice":
      return readyTargets(me, false).length > 0 ? ["ready", "draw"] : ["draw"];
    case "ready":
      return readyTargets(me, false);
    case "exhaust":
    case "break":
      return faceUpTargets(other);
    case "discard":
    case "swap":
      return [...me.hand];
    case "check":
      return me.checking.flatMap((c) => [`top:${c}`, `bottom:${c}`]);
    case "order":
      return s.triggers.filter((t) => t.seat === pr.seat).map((t) => t.source);
  }
}

const CHOICE_STEP: Partial<Record<EffectStep["k"], SelectPurpose>> = {
  ready: "ready",
  exhaust: "exhaust",
  break: "break",
  discard: "discard",
  swap: "swap",
};

function readyOne(p: PlayerState, seat: Seat, target: string, E: Events): void {
  const i = Number(target.slice(target.indexOf(":") + 1));
  if (target.startsWith("art:")) {
    p.arts[i].state = "ready";
    pub(E, "art_readied", seat, { slot: i, art: p.arts[i].id });
  } else {
    p.damage[i].state = "up";
    pub(E, "damage_readied", seat, { index: i, card: p.damage[i].card });
  }
}

// ---------------------------------------------------------------- keyword steps (each implemented once)

/** Runs one step of the current frame; false when it waits for a decision (prompt set). */
function execStep(s: State, f: Frame, step: EffectStep, E: Events): boolean {
  const seat = f.seat;
  const me = s.players[seat];
  const other = s.players[rival(seat)];
  switch (step.k) {
    case "gain_power":
      me.powerBonus += step.n;
      pub(E, "gained_power", seat, { n: step.n });
      return true;
    case "gain_damage":
      gainDamage(s, seat, step.n, E);
      return true;
    case "draw":
      drawCards(s, seat, step.n, E, f.name);
      return true;
    case "retaliate":
      if (me.damagedThisRound) {
        other.incoming += step.n;
        pub(E, "retaliate", seat, { n: step.n });
      } else {
        pub(E, "retaliate_fizzled", seat, { reason: "no damage taken from the Rival this round" });
      }
      return true;
    case "counter": {
      const blocked = Math.min(step.n, me.incoming);
      me.incoming -= blocked;
      const dealt = s.offense === rival(seat) ? blocked : 0;
      other.incoming += dealt;
      pub(E, "counter", seat, { blocked, dealt });
      return true;
    }
    case "block": {
      const blocked = Math.min(step.n, me.incoming);
      me.incoming -= blocked;
      pub(E, "blocked", seat, { n: blocked, by: f.name });
      return true;
    }
    case "cultivate": {
      const cards = me.deck.splice(0, Math.min(step.n, me.deck.length));
      me.cultivated.push(...cards);
      pub(E, "cultivated", seat, { count: cards.length });
      return true;
    }
    case "grapple":
      me.canGainDamage = false;
      me.damageGain = 0;
      other.grappled = true;
      pub(E, "grapple", seat, {});
      return true;
    case "negate": {
      const target = s.frames.find((x) => x.uid === f.targetUid);
      if (target && !target.negated) {
        target.negated = true;
        pub(E, "negated", seat, { uid: target.uid, name: target.name });
      }
      return true;
    }
    case "check": {
      if (f.left === null) {
        const cards = me.deck.splice(0, Math.min(step.n, me.deck.length));
        me.checking.push(...cards);
        f.left = cards.length;
        pub(E, "check", seat, { count: cards.length });
        if (cards.length > 0) priv(E, "checked", seat, { cards });
      }
      if (me.checking.length === 0) return true;
      s.prompt = { kind: "select", seat, purpose: "check", left: me.checking.length };
      return false;
    }
    case "ready":
    case "exhaust":
    case "break":
    case "discard":
    case "swap": {
      const purpose = CHOICE_STEP[step.k]!;
      if (f.left === null) f.left = "n" in step ? step.n : 1;
      if (f.left <= 0) return true;
      if (step.k === "swap" && me.placed === null) return true;
      const chooser = step.k === "discard" ? rival(seat) : seat;
      s.prompt = { kind: "select", seat: chooser, purpose, left: f.left };
      if (selectOptions(s).length === 0) {
        s.prompt = null;
        pub(E, "no_target", seat, { keyword: step.k });
        return true;
      }
      return false;
    }
  }
}

/** Applies a choice made for the current frame's step. */
function applyFrameChoice(s: State, purpose: SelectPurpose, chooser: Seat, choice: string, E: Events): void {
  const f = s.frames[0];
  const seat = f.seat;
  const me = s.players[seat];
  const other = s.players[rival(seat)];
  switch (purpose) {
    case "ready":
      readyOne(me, seat, choice, E);
      break;
    case "exhaust":
    case "break": {
      const i = Number(choice.slice(choice.indexOf(":") + 1));
      const target = rival(seat);
      if (choice.startsWith("art:")) {
        const wasAug = other.arts[i].state === "augmented";
        if (purpose === "break") {
          other.arts[i].state = "broken";
          pub(E, "art_broken", target, { slot: i, art: other.arts[i].id, by: f.name });
        } else if (wasAug) {
          endAugment(other, i, target, E);
        } else {
          other.arts[i].state = "exhausted";
          pub(E, "art_exhausted", target, { slot: i, art: other.arts[i].id, by: f.name });
        }
      } else {
        other.damage[i].state = purpose === "break" ? "broken" : "exhausted";
        pub(E, purpose === "break" ? "damage_broken" : "damage_exhausted", target, { index: i, card: other.damage[i].card, by: f.name });
      }
      break;
    }
    case "discard": {
      const p = s.players[chooser];
      removeFrom(p.hand, choice);
      p.discard.push(choice);
      pub(E, "discarded", chooser, { card: choice, why: f.name });
      break;
    }
    case "swap": {
      const old = me.placed!;
      removeFrom(me.hand, choice);
      me.hand.push(old);
      me.placed = choice;
      if (s.revealed) {
        pub(E, "swapped", seat, { out: old, in: choice });
      } else {
        priv(E, "swapped", seat, { out: old, in: choice });
        pub(E, "swapped_hidden", seat, {});
      }
      break;
    }
    case "check": {
      const [where, card] = [choice.slice(0, choice.indexOf(":")), choice.slice(choice.indexOf(":") + 1)];
      removeFrom(me.checking, card);
      if (where === "top") me.deck.unshift(card);
      else me.deck.push(card);
      priv(E, "check_placed", seat, { card, where });
      pub(E, "check_placed_hidden", seat, {});
      f.left = me.checking.length;
      if (f.left === 0) {
        f.idx++;
        f.left = null;
      }
      return;
    }
    default:
      break;
  }
  f.left = (f.left ?? 1) - 1;
  if (f.left <= 0) {
    f.idx++;
    f.left = null;
  }
}

function runFrames(s: State, E: Events): void {
  while (s.frames.length > 0 && s.prompt === null && s.outcome === null) {
    const f = s.frames[0];
    if (f.negated) {
      pub(E, "fizzled", f.seat, { uid: f.uid, name: f.name });
      s.frames.shift();
      continue;
    }
    if (f.idx >= f.steps.length) {
      if (f.fromExchange) pub(E, "resolved", f.seat, { uid: f.uid, name: f.name });
      s.frames.shift();
      continue;
    }
    if (execStep(s, f, f.steps[f.idx], E)) {
      f.idx++;
      f.left = null;
    }
  }
}

// ---------------------------------------------------------------- the round, stage by stage

function resetRound(p: PlayerState): void {
  p.powerBonus = 0;
  p.damageGain = 0;
  p.canGainDamage = true;
  p.incoming = 0;
  p.damagedThisRound = false;
  p.grappled = false;
  p.used = [];
  p.confirmed = false;
}

function chargeFrame(s: State, seat: Seat, steps: EffectStep[], name: string): Frame {
  return {
    uid: s.nextUid++,
    seat,
    source: "charge",
    cardId: "",
    name,
    automatic: false,
    targetUid: null,
    steps,
    idx: 0,
    left: null,
    negated: false,
    fromExchange: false,
  };
}

/** Moves the game on until someone has a decision to make (or the Show is over). */
export function advance(s: State, E: Events): void {
  for (let guard = 0; guard < 10_000; guard++) {
    if (s.outcome !== null || s.prompt !== null) return;
    if (s.frames.length > 0) {
      runFrames(s, E);
      continue;
    }
    if (s.window !== null) return;
    const off = s.offense;
    const def = rival(off);
    switch (s.stage) {
      case "choose_first":
        s.prompt = { kind: "choose_first", seat: s.chooser };
        return;
      case "deal":
        for (const seat of [0, 1] as Seat[]) drawCards(s, seat, HAND_SIZE, E, "opening hand");
        s.round = 1;
        s.stage = "sor";
        s.prompt = { kind: "mulligan", seats: [0, 1] };
        return;
      case "sor": {
        if (s.round > 1) {
          s.offense = def;
          pub(E, "positions_swapped", undefined, { offense: s.offense });
        } else {
          s.offense = s.firstOffense;
        }
        for (const p of s.players) resetRound(p);
        pub(E, "round_started", undefined, { act: s.act, round: s.round, offense: s.offense });
        s.stage = "sor_window";
        const d = rival(s.offense);
        if (readyTargets(s.players[d], true).length > 0) s.prompt = { kind: "select", seat: d, purpose: "sor_ready", left: 1 };
        continue;
      }
      case "sor_window":
        openWindow(s, "START_OF_ROUND", "open");
        continue;
      case "open": {
        const can = s.players.map((p) => p.hand.length > 0);
        if (!can[0] && !can[1]) {
          endAct(s, null, "neither_can_play", E);
          continue;
        }
        if (!can[0] || !can[1]) {
          endAct(s, can[0] ? 0 : 1, "rival_cannot_play", E);
          continue;
        }
        for (const p of s.players) {
          p.placed = null;
          p.confirmed = false;
        }
        s.stage = "bs_window";
        s.prompt = { kind: "open", seats: [0, 1] };
        return;
      }
      case "bs_window":
        openWindow(s, "BEFORE_SHOWDOWN", "reveal");
        continue;
      case "reveal": {
        s.revealed = true;
        pub(E, "showdown", undefined, { cards: [s.players[0].placed, s.players[1].placed] });
        for (const seat of [off, def]) {
          const p = s.players[seat];
          if (triggerMatches(p.placed, MUSES[p.muse].ability)) s.triggers.push({ seat, source: "muse" });
          if (triggerMatches(p.placed, ADVANTAGES[p.advantage].ability)) s.triggers.push({ seat, source: "advantage" });
        }
        s.stage = "triggers";
        continue;
      }
      case "triggers": {
        if (s.triggers.length === 0) {
          if (s.stack.length > 0) s.window = { timing: "SHOWDOWN", priority: off, passes: 0, next: "as_window" };
          else s.stage = "as_window";
          continue;
        }
        // IV.4: the OFFENSIVE player's triggers go on the Exchange first; one player's own
        // simultaneous triggers are ordered by that player.
        const seat = s.triggers[0].seat;
        const mine = s.triggers.filter((t) => t.seat === seat);
        if (mine.length > 1) {
          s.prompt = { kind: "select", seat, purpose: "order", left: mine.length };
          return;
        }
        s.triggers.shift();
        pushStack(s, seat, mine[0].source, true, E);
        continue;
      }
      case "as_window":
        openWindow(s, "AFTER_SHOWDOWN", "result");
        continue;
      case "result": {
        const pw = s.players.map(powerOf);
        let winner: number;
        if (pw[0] === null && pw[1] === null) winner = -1;
        else if (pw[0] === null) winner = 1;
        else if (pw[1] === null) winner = 0;
        else winner = pw[0] > pw[1] ? 0 : pw[1] > pw[0] ? 1 : -1;
        s.showdown = winner;
        for (const seat of [0, 1] as Seat[]) {
          const p = s.players[seat];
          if (seat === winner && p.canGainDamage) {
            const total = p.damageGain + (seat === off ? 1 : 0) + augmentBonus(p, "damage");
            s.players[rival(seat)].incoming += total;
          } else {
            p.canGainDamage = false;
          }
          p.damageGain = 0;
        }
        pub(E, "showdown_result", undefined, {
          power: pw,
          winner: winner < 0 ? null : winner,
          damage: [s.players[1].incoming, s.players[0].incoming],
        });
        s.stage = "bd_window";
        continue;
      }
      case "bd_window":
        openWindow(s, "BEFORE_DAMAGE", "dmg");
        continue;
      case "dmg": {
        const taker = s.players[off].incoming > 0 ? off : s.players[def].incoming > 0 ? def : null;
        if (taker === null) {
          s.stage = "charge";
          continue;
        }
        s.stage = "ad_window";
        s.prompt = { kind: "damage", seat: taker };
        return;
      }
      case "ad_window":
        openWindow(s, "AFTER_DAMAGE", "after_ad");
        continue;
      case "after_ad":
        s.stage = s.players[0].incoming > 0 || s.players[1].incoming > 0 ? "bd_window" : "charge";
        continue;
      case "charge":
        s.chargeQueue = [off, def];
        s.stage = "charge_seat";
        continue;
      case "charge_seat": {
        const seat = s.chargeQueue.shift();
        if (seat === undefined) {
          s.stage = "charge_window";
          continue;
        }
        const p = s.players[seat];
        if (p.placed !== null && isCharge(p.placed)) {
          const muse = MUSES[p.muse];
          const bonus = muse.chargeBonus.suits.includes(cardSuit(p.placed));
          const steps: EffectStep[] = [{ k: "ready", n: 1 }, { k: "draw", n: 1 }, ...(bonus ? muse.chargeBonus.effect : [])];
          pub(E, "charge", seat, { card: p.placed, bonus });
          s.frames.push(chargeFrame(s, seat, steps, bonus ? "CHARGE + Charge Bonus" : "CHARGE"));
        } else if (seat === def) {
          s.prompt = { kind: "select", seat, purpose: "charge_choice", left: 1 };
          return;
        }
        continue;
      }
      case "charge_window":
        openWindow(s, "CHARGE", "reset");
        continue;
      case "reset":
        for (const seat of [0, 1] as Seat[]) {
          const p = s.players[seat];
          if (p.placed !== null) {
            p.discard.push(p.placed);
            pub(E, "action_card_discarded", seat, { card: p.placed });
            p.placed = null;
          }
          resetRound(p);
        }
        s.revealed = false;
        s.showdown = null;
        s.stage = "eor_window";
        continue;
      case "eor_window":
        openWindow(s, "END_OF_ROUND", "eor_draw");
        continue;
      case "eor_draw":
        for (const seat of [0, 1] as Seat[]) drawCards(s, seat, 1, E, "end of round");
        s.round++;
        s.stage = "sor";
        continue;
      case "over":
        return;
    }
  }
  throw new Error("solrei: advance did not settle");
}

// ---------------------------------------------------------------- actors and legal actions

export function actors(s: State): Seat[] {
  if (s.outcome !== null) return [];
  const pr = s.prompt;
  if (pr) {
    if (pr.kind === "mulligan" || pr.kind === "open") return [...pr.seats].sort();
    return [pr.seat];
  }
  if (s.window && s.frames.length === 0) return [s.window.priority];
  return [];
}

function blockSources(p: PlayerState): string[] {
  const align = MUSES[p.muse].alignment;
  const out: string[] = [];
  for (const c of p.hand) if (cardSuit(c) === align) out.push(`h:${c}`);
  p.damage.forEach((d, i) => {
    if (d.state === "up" && cardSuit(d.card) === align) out.push(`d:${i}`);
  });
  return out;
}

export function legalActions(s: State, seat: Seat): Action[] {
  if (!actors(s).includes(seat)) return [];
  const p = s.players[seat];
  const pr = s.prompt;
  if (pr) {
    switch (pr.kind) {
      case "choose_first":
        return [
          { type: "choose_first", seat: 0 },
          { type: "choose_first", seat: 1 },
        ];
      case "mulligan":
        return [{ type: "keep" }, { type: "mulligan" }];
      case "open": {
        const out: Action[] = p.hand.map((card) => ({ type: "place", card }) as Action);
        if (p.placed !== null) out.push({ type: "confirm" });
        return out;
      }
      case "damage":
        return [
          ...blockSources(p).map((source) => ({ type: "block", source }) as Action),
          { type: "take", from: "deck" },
          ...p.hand.map((card) => ({ type: "take", from: "hand", card }) as Action),
        ];
      case "select":
        return selectOptions(s).map((choice) => ({ type: "select", choice }) as Action);
    }
  }
  const out: Action[] = [{ type: "pass" }];
  for (const src of allSources(p)) {
    if (!canActivate(s, seat, src)) continue;
    out.push(src.startsWith("art:") ? { type: "activate", source: "art", slot: Number(src.slice(4)) } : { type: "activate", source: src as "muse" | "advantage" });
  }
  const sources = reiSources(p);
  for (const source of sources) out.push({ type: "rei", source });
  for (let i = 0; i < sources.length; i++) {
    for (let j = i + 1; j < sources.length; j++) out.push({ type: "filter", sources: [sources[i], sources[j]] });
  }
  return out;
}

// ---------------------------------------------------------------- apply

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

function clonePlayer(p: PlayerState): PlayerState {
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

function needPrompt<K extends Prompt["kind"]>(s: State, kind: K, what: string): Extract<Prompt, { kind: K }> {
  const pr = s.prompt;
  if (!pr || pr.kind !== kind) {
    throw new RuleError("wrong_timing", `${what} is not possible now (${describeWait(s)})`);
  }
  return pr as Extract<Prompt, { kind: K }>;
}

function needWindow(s: State, seat: Seat, what: string) {
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

export function applyAction(state: State, seat: Seat, action: Action): { state: State; events: GameEvent[] } {
  ensure(state.outcome === null, "game_over", "the Show is over");
  ensure(seat === 0 || seat === 1, "not_your_turn", `no seat ${seat}`);
  ensure(actors(state).includes(seat), "not_your_turn", `seat ${seat} cannot act now: ${describeWait(state)}`);
  const s = cloneState(state);
  const E: Events = [];
  const p = s.players[seat];
  switch (action.type) {
    case "choose_first": {
      needPrompt(s, "choose_first", "choosing who starts on OFFENSE");
      if (s.round !== 0) startAct(s, E);
      s.firstOffense = action.seat;
      s.offense = action.seat;
      s.prompt = null;
      s.stage = "deal";
      pub(E, "offense_chosen", seat, { offense: action.seat });
      break;
    }
    case "keep":
    case "mulligan": {
      const pr = needPrompt(s, "mulligan", "a mulligan decision");
      ensure(p.mulligan === "pending", "mulligan_used", "you already decided on your opening hand this Act");
      if (action.type === "mulligan") {
        p.deck.push(...p.hand);
        p.hand = [];
        shuffleInPlace(s, p.deck);
        p.mulligan = "mulliganed";
        pub(E, "mulligan", seat, {});
        drawCards(s, seat, HAND_SIZE, E, "mulligan");
      } else {
        p.mulligan = "kept";
        pub(E, "kept_hand", seat, {});
      }
      pr.seats = pr.seats.filter((x) => x !== seat);
      if (pr.seats.length === 0) s.prompt = null;
      break;
    }
    case "place": {
      needPrompt(s, "open", "placing an Action Card");
      ensure(p.hand.includes(action.card), "card_not_in_hand", `${action.card} is not in your hand`);
      if (p.placed !== null) p.hand.push(p.placed);
      removeFrom(p.hand, action.card);
      const changed = p.placed !== null;
      p.placed = action.card;
      priv(E, "placed", seat, { card: action.card, changed });
      pub(E, "placed_face_down", seat, { changed });
      break;
    }
    case "confirm": {
      const pr = needPrompt(s, "open", "confirming the Action Card");
      ensure(p.placed !== null, "nothing_placed", "place an Action Card before confirming");
      p.confirmed = true;
      pr.seats = pr.seats.filter((x) => x !== seat);
      pub(E, "confirmed", seat, {});
      if (pr.seats.length === 0) s.prompt = null;
      break;
    }
    case "pass": {
      const w = needWindow(s, seat, "passing");
      w.passes++;
      pub(E, "pass", seat, { timing: w.timing });
      if (w.passes >= 2) {
        if (s.stack.length > 0) {
          // III.5: both declined to add more: the Exchange resolves last-in first-out.
          pub(E, "exchange_resolves", undefined, { order: [...s.stack].reverse().map((x) => x.uid) });
          s.frames = [...s.stack].reverse().map((x) => ({ ...x, idx: 0, left: null, negated: false, fromExchange: true }));
          s.stack = [];
          w.priority = s.offense;
          w.passes = 0;
        } else {
          closeWindow(s, E);
        }
      } else {
        w.priority = rival(seat);
      }
      break;
    }
    case "activate": {
      const w = needWindow(s, seat, "activating an ability");
      let source: string = action.source;
      if (action.source === "art") {
        ensure(Number.isInteger(action.slot) && action.slot! >= 0 && action.slot! < p.arts.length, "bad_action", "activate art needs a slot 0-3");
        source = `art:${action.slot}`;
      }
      const blocker = activationBlocker(s, seat, source, w.timing);
      if (blocker) throw new RuleError(blocker[0], blocker[1]);
      const info = sourceInfo(p, source)!;
      const cost = info.ability.cost;
      const paid = payRei(p.rei, cost);
      if (paid === null) {
        throw new RuleError("not_enough_rei", `${info.name} costs ${costTextOf(cost)}; your Rei pool is ${poolText(p.rei)}`);
      }
      p.rei = paid;
      if (cost.harvest) {
        const cards = p.cultivated.splice(0, cost.harvest);
        p.discard.push(...cards);
        pub(E, "harvested", seat, { cards });
      }
      if (info.slot !== null) {
        const art = ARTS[p.arts[info.slot].id];
        if (art.augment) {
          // AUGMENT: another augmented Art is EXHAUSTED.
          p.arts.forEach((a, i) => {
            if (a.state === "augmented") endAugment(p, i, seat, E);
          });
          p.arts[info.slot].state = "augmented";
          pub(E, "augmented", seat, { slot: info.slot, art: art.id });
        } else if (artQualified(p, info.slot)) {
          p.arts[info.slot].state = "exhausted";
        } else {
          p.arts[info.slot].state = "broken";
          pub(E, "art_broken", seat, { slot: info.slot, art: art.id, reason: "requirements_not_met" });
        }
      } else {
        p.used.push(source);
      }
      pushStack(s, seat, source, false, E);
      w.priority = rival(seat);
      w.passes = 0;
      break;
    }
    case "rei": {
      needWindow(s, seat, "generating Rei");
      const suit = spendSource(p, seat, action.source, E, "rei");
      p.rei[suit]++;
      pub(E, "rei_generated", seat, { suit, amount: 1 });
      break;
    }
    case "filter": {
      needWindow(s, seat, "filtering Rei");
      const [a, b] = action.sources;
      ensure(a !== b, "bad_source", "filtering needs two different cards");
      spendSource(p, seat, a, E, "filter");
      spendSource(p, seat, b, E, "filter");
      const suit = MUSES[p.muse].alignment;
      p.rei[suit]++;
      pub(E, "rei_filtered", seat, { suit, amount: 1 });
      break;
    }
    case "block": {
      needPrompt(s, "damage", "blocking");
      const card = sourceCard(p, action.source);
      ensure(card !== null, action.source.startsWith("h:") ? "card_not_in_hand" : "bad_source", `${action.source} is not a hand card or face-up damage card of yours`);
      const align = MUSES[p.muse].alignment;
      ensure(cardSuit(card) === align, "wrong_suit", `blocking needs a ${SUIT_SYMBOL[align]} card (your Muse's Alignment)`);
      if (action.source.startsWith("h:")) {
        removeFrom(p.hand, card);
        p.discard.push(card);
      } else {
        p.damage[Number(action.source.slice(2))].state = "broken";
      }
      p.incoming--;
      pub(E, "block", seat, { card, by: action.source.startsWith("h:") ? "discard" : "break" });
      s.prompt = null;
      break;
    }
    case "take": {
      needPrompt(s, "damage", "taking damage");
      let card: string;
      if (action.from === "hand") {
        ensure(p.hand.includes(action.card), "card_not_in_hand", `${action.card} is not in your hand`);
      }
      s.prompt = null;
      if (p.deck.length === 0) {
        pub(E, "damage_with_empty_deck", seat, {});
        endAct(s, rival(seat), "damage_with_empty_deck", E);
        break;
      }
      if (action.from === "hand") {
        card = action.card;
        removeFrom(p.hand, card);
      } else {
        card = p.deck.shift()!;
      }
      p.damage.push({ card, state: "up" });
      p.incoming--;
      p.damagedThisRound = true;
      pub(E, "damage_taken", seat, { card, from: action.from, total: p.damage.length });
      p.arts.forEach((a, i) => {
        if (a.state === "augmented") endAugment(p, i, seat, E);
      });
      if (p.damage.length >= MAX_DAMAGE) endAct(s, rival(seat), "ko", E);
      break;
    }
    case "select": {
      const pr = needPrompt(s, "select", "a choice");
      const options = selectOptions(s);
      ensure(options.includes(action.choice), "illegal_choice", `${action.choice} is not one of: ${options.join(", ")}`);
      s.prompt = null;
      switch (pr.purpose) {
        case "sor_ready":
          if (action.choice !== "none") readyOne(p, seat, action.choice, E);
          else pub(E, "ready_skipped", seat, {});
          break;
        case "charge_choice":
          pub(E, "charge_choice", seat, { choice: action.choice });
          s.frames.push(chargeFrame(s, seat, [action.choice === "ready" ? { k: "ready", n: 1 } : { k: "draw", n: 1 }], "defensive charge"));
          break;
        case "order": {
          const i = s.triggers.findIndex((t) => t.seat === seat && t.source === action.choice);
          const [t] = s.triggers.splice(i, 1);
          pushStack(s, seat, t.source, true, E);
          break;
        }
        default:
          applyFrameChoice(s, pr.purpose, seat, action.choice, E);
      }
      break;
    }
    default:
      throw new RuleError("bad_action", `unknown action ${(action as { type: string }).type}`);
  }
  advance(s, E);
  return { state: s, events: E };
}

function costTextOf(cost: Cost): string {
  const parts: string[] = [];
  for (const s of SUITS) if (cost[s]) parts.push(`${cost[s]}${SUIT_SYMBOL[s]}`);
  if (cost.red) parts.push(`${cost.red} red`);
  if (cost.black) parts.push(`${cost.black} black`);
  if (cost.any) parts.push(`${cost.any} any`);
  if (cost.spend) parts.push(`SPEND ${cost.spend}`);
  return parts.join(" + ") || "no Rei";
}

function poolText(pool: ReiPool): string {
  return SUITS.map((s) => `${pool[s]}${SUIT_SYMBOL[s]}`).join(" ");
}
