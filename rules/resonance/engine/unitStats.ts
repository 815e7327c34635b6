/**
 * 2.13 Keyword Activation Principle (Innate / Item / Codex keywords a unit has), Focus, Power and HP (1.0, 2.9),
 * 2.11 Unit Item Limits, 2.12 Command Limit, 2.5 The Guardian Precedence.
 */
import { card, CODEX_BY_ID } from "../catalog.ts";
import type { KeywordId, PlayerState, State, TagId, Unit } from "../types.ts";
import { isStatus, K, START_HP, TAG } from "./definitions.ts";
import { cardPower, isAnimation, isEcho, isPlayerUnit } from "./units.ts";

/** Printed keywords of an Animation (none for a Player or Echo). */
export function printed(u: Unit): KeywordId[] {
  return u.card ? [...card(u.card).keywords] : [];
}
// Both are asked for on nearly every rules check (legal moves, views): plain loops, not flatMap,
// which cost several times more here. Each returns a fresh array: the card data stays untouched.
export function itemKeywords(u: Unit): KeywordId[] {
  const out: KeywordId[] = [];
  for (const i of u.items) for (const k of card(i).keywords) out.push(k);
  return out;
}
export function codexKeywords(p: PlayerState): KeywordId[] {
  const out: KeywordId[] = [];
  for (const c of p.codexActive) for (const k of CODEX_BY_ID.get(c)!.keywords) out.push(k);
  return out;
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
export function rawStatic(s: State, u: Unit): KeywordId[] {
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

export function baseFocus(s: State, u: Unit): number {
  if (isPlayerUnit(u)) return s.players[u.owner].focus;
  return u.card ? (card(u.card).kind === "animation" ? (card(u.card) as { focus: number }).focus : 0) : 1;
}

/** Current Focus: printed/stat, Growth bonus, Impair Tag, Feeble; Sturdy ignores reductions (min 0). */
export function focusOf(s: State, u: Unit): number {
  let f = baseFocus(s, u);
  if (isAnimation(u)) {
    const p = s.players[u.owner];
    const growth = p.animations.some((o) => o.id !== u.id && o.growthActive && o.spent);
    if (growth && !controllerHas(s, u.owner, K.ageless)) f += 1; // Ageless 4.3: "Your units are unaffected by … Growth"
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
export function destroyThreshold(s: State, u: Unit): number {
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
