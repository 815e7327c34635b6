/**
 * 2.9 Damage & Destruction, 2.10 The Suppressed State, 1.0 Game Objective (a Player at 0 HP is eliminated; the game's end).
 */
import type { OutcomeReason, State, Unit } from "../types.ts";
import { offer } from "./choices.ts";
import { K, TAG, type Events } from "./definitions.ts";
import { gainKarma } from "./karma.ts";
import { removeTag } from "./tags.ts";
import { controllerHas, destroyThreshold, hasTag, hpLeft, staticKeywords } from "./unitStats.ts";
import { isAnimation, isPlayerUnit, livePlayers, unitById, unitOfItem } from "./units.ts";

export function removeUnit(s: State, u: Unit): void {
  const p = s.players[u.owner];
  p.animations = p.animations.filter((x) => x.id !== u.id);
  for (const i of u.items) s.discard.push(i);
  u.items = [];
  if (u.card) s.discard.push(u.card);
}

/** Destroys an Animation (2.9) or eliminates a Player; `by`: the seat whose action did it (Karma 5.1). */
export function destroy(s: State, u: Unit, by: number | null, ev: Events): void {
  if (isPlayerUnit(u)) {
    if (by !== null && by !== u.owner) gainKarma(s, by, ev, "destroyed a Player");
    eliminate(s, u.owner, ev);
    return;
  }
  removeUnit(s, u);
  ev.push({ type: "destroyed", unit: u.id, seat: u.owner });
  if (by !== null && by !== u.owner) gainKarma(s, by, ev, "destroyed an Animation");
  // Stubborn (3.3): "you may draw one card" — the controller decides (RULINGS R13).
  if (controllerHas(s, u.owner, K.stubborn) && s.players[u.owner].eliminated === null) offer(s, u.owner, "stubborn", ["no", "yes"]);
}

export function eliminate(s: State, seat: number, ev: Events): void {
  const p = s.players[seat];
  if (p.eliminated !== null) return;
  s.outCount++;
  p.eliminated = s.outCount;
  // RULINGS R4: an eliminated Player's Animations, Items and hand go to the Discard Pile.
  for (const u of [...p.animations]) removeUnit(s, u);
  for (const i of p.self.items) s.discard.push(i);
  p.self.items = [];
  s.discard.push(...p.hand);
  p.hand = [];
  // An eliminated Player decides nothing more: their queued decisions (e.g. Stubborn, R13) are dropped.
  if (s.combat) s.combat.queue = s.combat.queue.filter((q) => q.seat !== seat);
  ev.push({ type: "eliminated", seat });
  const live = livePlayers(s);
  if (live.length <= 1) finish(s, "last_player", ev);
}

export function finish(s: State, reason: OutcomeReason, ev: Events): void {
  const n = s.players.length;
  const ranks = new Array<number>(n).fill(1);
  if (reason === "turn_limit") {
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

/**
 * Survivor (4.1, RULINGS R31): "If this unit would be destroyed by damage, its controller may discard
 * one card … prevent that damage and the unit becomes Suppressed". Only an Animation: a Player cannot
 * become Suppressed (R15), so the trade the keyword describes cannot happen to a Player.
 */
export function survivorApplies(s: State, u: Unit, amount: number): boolean {
  return isAnimation(u) && !u.suppressed && amount > 0 && u.damage + amount >= destroyThreshold(s, u) && staticKeywords(s, u).includes(K.survivor) && s.players[u.owner].hand.length > 0;
}

/**
 * Places damage markers. `preventable`: Ward / Bless / Survivor may prevent it (the roll asks
 * Survivor for its own damage itself: `survivor: "asked"`). Returns the markers placed.
 */
export function dealDamage(s: State, u: Unit, amount: number, opts: { preventable: boolean; by: number | null; bless?: "use" | "keep"; survivor?: "asked" }, ev: Events): number {
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
    if (opts.survivor === undefined && c && !c.standalone && survivorApplies(s, u, amount)) {
      // Survivor (4.1) for damage other than the roll's own (Piercing, Spread, Area…): the damage waits
      // for the controller's answer, queued behind the action's pending decisions (as Bless, R47).
      c.queue.push({ purpose: "survivor", seat: u.owner, options: ["no", ...s.players[u.owner].hand.map((h) => `card:${h}`)], data: { unit: u.id, dmg: amount, by: opts.by ?? -1 } });
      return 0;
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

export function suppress(s: State, u: Unit, ev: Events): void {
  if (isPlayerUnit(u) || u.suppressed || !unitById(s, u.id)) return; // RULINGS R15
  u.suppressed = true;
  u.spent = true;
  ev.push({ type: "suppressed", unit: u.id });
}

export function destroyItem(s: State, itemId: string, ev: Events): void {
  const u = unitOfItem(s, itemId);
  if (!u) return;
  u.items = u.items.filter((i) => i !== itemId);
  s.discard.push(itemId);
  ev.push({ type: "item_destroyed", item: itemId, unit: u.id });
}
