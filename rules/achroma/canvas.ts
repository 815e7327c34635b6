/**
 * YOUR CANVAS; HOW TO READ AN ACHROMA CARD (Hex, Shard Value, Strength); CONTROLLER / OWNER
 * (glossary): what is on whose Canvas and a card's current values. Queries, plus a fresh unit.
 */
import { CARDS, type CardDef, type Giftable } from "./cards.ts";
import type { Seat, State, Unit } from "./types.ts";

const copies = new Map<string, CardDef>();
/** The card's definition; a COPY takes everything from the copied card except the Shards of its Hex (R31). */
export function defOf(s: State, uid: string): CardDef {
  const base = CARDS[s.cards[uid].def];
  const copy = s.units[uid]?.copy;
  if (!copy) return base;
  const key = `${base.id}>${copy}`;
  let d = copies.get(key);
  if (!d) {
    d = { ...CARDS[copy], shards: base.shards, achrom: base.achrom };
    copies.set(key, d);
  }
  return d;
}
/** A keyword printed on the card or given to it (GIVE, R32). */
export function has(s: State, uid: string, kw: Giftable): boolean {
  // R37: an infested HOST's printed keywords are replaced by the INFEST ability; given ones stay.
  return (!!defOf(s, uid)[kw] && !infested(s, uid)) || !!s.units[uid]?.gifts.includes(kw);
}
/** INFEST: a HOST cannot use its own Achroma effects or abilities (R37). */
export const infested = (s: State, uid: string): boolean => uid in s.parasites;
export const ownerOf = (s: State, uid: string): Seat => s.cards[uid].owner;

export function controllerOf(s: State, uid: string): Seat | null {
  if (!s.units[uid]) return null;
  for (let seat = 0; seat < s.players.length; seat++) {
    const p = s.players[seat];
    if (p.characters.includes(uid) || p.locations.includes(uid)) return seat;
  }
  for (let seat = 0; seat < s.players.length; seat++) if (canvasCards(s, seat).includes(uid)) return seat;
  return null;
}

/** A Character with what is attached to it: Objects, its Rider (with the Rider's own), its PARASITE. */
export function bundle(s: State, c: string): string[] {
  const out = [c];
  const objs = s.attached[c];
  if (objs) for (const o of objs) out.push(o);
  const r = s.riders[c];
  if (r) for (const x of bundle(s, r)) out.push(x);
  const par = s.parasites[c];
  if (par) out.push(par);
  return out;
}

/** Every card on `seat`'s Canvas: Characters with their Objects, Riders and PARASITES; Locations. */
export function canvasCards(s: State, seat: Seat): string[] {
  const p = s.players[seat];
  const out: string[] = [];
  for (const c of p.characters) for (const x of bundle(s, c)) out.push(x);
  for (const l of p.locations) out.push(l);
  return out;
}

/** Unique Character types on a Canvas (MENAGERIE, R39). */
export function characterKinds(s: State, seat: Seat): number {
  const kinds = new Set<string>();
  for (const c of canvasCards(s, seat)) {
    const d = defOf(s, c);
    if (d.type === "character" && d.kind) kinds.add(d.kind);
  }
  return kinds.size;
}

export function shardValue(s: State, uid: string): number {
  const u = s.units[uid];
  return defOf(s, uid).shards + u.shield - u.damage;
}

/** A Character's Strength with its Objects; a MOUNTED unit adds its Rider's (R38). */
export function strength(s: State, char: string): number {
  const r = s.riders[char];
  return defOf(s, char).strength + (s.attached[char] ?? []).reduce((n, o) => n + defOf(s, o).strength, 0) + (r ? strength(s, r) : 0);
}

export const live = (s: State): Seat[] => s.players.map((p, i) => (p.out ? -1 : i)).filter((i) => i >= 0);
export const others = (s: State, seat: Seat): Seat[] => live(s).filter((i) => i !== seat);
export const allCanvas = (s: State): string[] => live(s).flatMap((i) => canvasCards(s, i));

export const busy = (s: State): boolean => s.prompt !== null || s.stack.length > 0 || s.combat !== null || s.research !== null || s.window !== null || s.deferred.length > 0 || s.erasedLog.length > 0;

export function newUnit(s: State): Unit {
  return newUnitFor(s.turn);
}
export function newUnitFor(turn: number): Unit {
  return {
    deployedTurn: turn,
    damage: 0,
    attacks: 0,
    rage: 0,
    shield: 0,
    shieldTurn: 0,
    frozen: false,
    resolvedTurn: 0,
    given: [],
    cursed: false,
    copy: null,
    gifts: [],
    paidTurn: 0,
    menagerieTurn: 0,
    divertTurn: 0,
  };
}
