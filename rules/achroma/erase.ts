/**
 * ERASE (glossary) and the Erase rulings: a card and what is attached to it go to the Dregs,
 * RESTRAINED cards come back (R30), SECRET cards go to the Dregs (R22), a Rider stays (R38), a
 * PARASITE goes (R37); SPECIFIC GAMEPLAY RULINGS: Erase-triggered abilities (R40); HEROIC CARDS
 * (R17) arriving other than by a Deploy.
 */
import type { GameEvent } from "../core/engine.ts";
import type { State } from "./types.ts";
import { bundle, canvasCards, controllerOf, defOf, infested, live, newUnitFor, ownerOf } from "./canvas.ts";

/** Sends a card that is off the Canvases (RESTRAINED, or its holder gone) to its owner's Dregs, with everything under or on it. */
export function toDregs(s: State, uid: string): void {
  for (const o of s.attached[uid] ?? []) toDregs(s, o);
  delete s.attached[uid];
  for (const m of [s.riders, s.parasites]) {
    const x = m[uid];
    if (x) {
      delete m[uid];
      toDregs(s, x);
    }
  }
  for (const c of s.secrets[uid] ?? []) s.players[ownerOf(s, c)].dregs.push(c);
  delete s.secrets[uid];
  for (const c of s.restrained[uid] ?? []) toDregs(s, c);
  delete s.restrained[uid];
  delete s.units[uid];
  s.players[ownerOf(s, uid)].dregs.push(uid);
}

/** Erases a card from a Canvas to its owner's Dregs (a Character takes its Objects with it). */
export function erase(s: State, uid: string, ev: GameEvent[], leaving = false): void {
  if (!s.units[uid]) return;
  const ctl = controllerOf(s, uid);
  const type = defOf(s, uid).type;
  for (const p of s.players) {
    if (p.characters.includes(uid)) p.characters = p.characters.filter((c) => c !== uid);
    if (p.locations.includes(uid)) p.locations = p.locations.filter((c) => c !== uid);
  }
  for (const c in s.attached) if (s.attached[c].includes(uid)) s.attached[c] = s.attached[c].filter((o) => o !== uid);
  for (const m of [s.riders, s.parasites]) for (const k in m) if (m[k] === uid) delete m[k];
  for (const o of s.attached[uid] ?? []) erase(s, o, ev, leaving);
  delete s.attached[uid];
  // R37: a HOST's PARASITE is Erased with it, PROTECTION or not.
  const par = s.parasites[uid];
  if (par) {
    delete s.parasites[uid];
    erase(s, par, ev, leaving);
  }
  // R38: a Dragon Erased on its own leaves its Rider on the Canvas, unmounted.
  const rider = s.riders[uid];
  if (rider) {
    delete s.riders[uid];
    if (ctl !== null && !s.players[ctl].out && !leaving) s.players[ctl].characters.push(rider);
    else erase(s, rider, ev, leaving);
  }
  delete s.units[uid];
  // R22: the cards a Keeper hid go to their owners' Dregs, face down no more.
  for (const c of s.secrets[uid] ?? []) s.players[ownerOf(s, c)].dregs.push(c);
  delete s.secrets[uid];
  // R30: RESTRAINED cards return to their owner's Canvas, able to attack; to the Dregs when the owner is out or the holder's controller leaves.
  for (const c of s.restrained[uid] ?? []) {
    const owner = s.players[ownerOf(s, c)];
    const d = defOf(s, c);
    // An Object returns attached to the first of its owner's Characters that may wield it (one Realm Relic each); with none, to the Dregs.
    const bearer = d.type === "object" ? owner.characters.find((ch) => !d.relic || !(s.attached[ch] ?? []).some((o) => defOf(s, o).relic)) : undefined;
    if (leaving || owner.out || (d.type === "object" && bearer === undefined)) toDregs(s, c);
    else {
      if (d.type === "object") {
        s.attached[bearer!] ??= [];
        s.attached[bearer!].push(c);
      } else (d.type === "location" ? owner.locations : owner.characters).push(c);
      for (const x of bundle(s, c)) s.units[x] = newUnitFor(0);
      ev.push({ type: "released", card: c, def: s.cards[c].def, owner: ownerOf(s, c) });
      heroicArrival(s, c, ev);
    }
  }
  delete s.restrained[uid];
  s.players[ownerOf(s, uid)].dregs.push(uid);
  ev.push({ type: "erased", card: uid, def: s.cards[uid].def, owner: ownerOf(s, uid) });
  if (!leaving && ctl !== null) s.erasedLog.push({ card: uid, from: ctl, type });
}

/** R40: Erase-triggered abilities of cards still on a Canvas once the Erasing effect has fully resolved. */
export function erasedTriggers(s: State, ev: GameEvent[], log: State["erasedLog"] = s.erasedLog): void {
  if (log === s.erasedLog) s.erasedLog = [];
  for (const seat of live(s))
    for (const w of canvasCards(s, seat)) {
      const oe = defOf(s, w).onErase;
      if (!oe || infested(s, w)) continue;
      for (const e of log) {
        const where = oe.from === "any" || (oe.from === "mine") === (e.from === seat);
        if (e.card === w || !where || (oe.type && oe.type !== e.type)) continue;
        ev.push({ type: "erase_trigger", seat, card: w, erased: e.card });
        s.stack.push({ seat, source: w, steps: oe.steps, idx: 0 });
      }
    }
}

/**
 * HEROIC CARDS (R17): one copy of a Heroic card per Canvas. When a card arrives on a Canvas other than by a Deploy (COPY, CLAIM,
 * SWAP, REPLACE, release from RESTRAIN) as a second copy of a Heroic card there, the original copy is Erased.
 * Here, beside erase(): a release from RESTRAIN (erase's own work) can make such an arrival.
 */
export function heroicArrival(s: State, uid: string, ev: GameEvent[]): void {
  if (!s.units[uid]) return;
  const d = defOf(s, uid);
  if (!d.heroic) return;
  const ctl = controllerOf(s, uid);
  if (ctl === null) return;
  for (const c of canvasCards(s, ctl)) if (c !== uid && s.units[c] && defOf(s, c).heroic && defOf(s, c).id === d.id) erase(s, c, ev);
}
