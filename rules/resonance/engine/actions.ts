/**
 * 4.2 Action Menu and 2.6 The Action Economy: acting units, spending, and the simple actions
 * 4.2.4 Purge, 4.2.5 Charge, 4.2.6 Deploy (2.14 Deployment State), 4.2.7 Equip.
 */
import { ensure } from "../../core/errors.ts";
import { card } from "../catalog.ts";
import type { Action, KeywordId, State, Unit } from "../types.ts";
import { baneChoice, immunizedChoice, offer, pendingChoice } from "./choices.ts";
import { dealDamage, removeDamage } from "./damage.ts";
import { isStatus, K, MAX_EN, TAG, type Events } from "./definitions.ts";
import { refillIfEmpty } from "./library.ts";
import { applyTag, removable, removeTag } from "./tags.ts";
import { commanded, controllerHas, focusOf, hasTag, itemLimit, staticKeywords } from "./unitStats.ts";
import { cardPower, isAnimation, isItemCard, isPlayerUnit, newUnit, opponentsOf, playerUnitId, unitById, unitOfItem } from "./units.ts";

export function actorUnit(s: State, seat: number, id: string): Unit {
  const u = unitById(s, id);
  ensure(u && u.owner === seat, "illegal_move", `${id} is not one of your units`);
  ensure(!u.suppressed, "illegal_move", `${id} is Suppressed and cannot act (2.10)`);
  if (isPlayerUnit(u)) ensure(s.players[seat].spentTokens < 2, "illegal_move", "your Player has taken two actions this turn (2.6)");
  else ensure(!u.spent, "illegal_move", `${id} is spent`);
  return u;
}
export function spend(s: State, u: Unit): void {
  if (isPlayerUnit(u)) {
    s.players[u.owner].spentTokens++;
    s.playerActions++;
  } else u.spent = true;
}
/** Growth (6.9), Blight (7.5): after an action completes. */
export function afterAnyAction(s: State, u: Unit, ev: Events): void {
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

export function applyDeploy(s: State, seat: number, cardId: string, ev: Events): void {
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
    const victims = opponentsOf(s, seat)
      .filter((q) => q.hand.length > 0)
      .map((q) => `p${q.seat}`);
    if (victims.length) pendingChoice(s, seat, "charismatic", ["none", ...victims]);
  }
  afterAnyAction(s, p.self, ev);
}

export function applyEquip(s: State, seat: number, a: Extract<Action, { type: "equip" }>, ev: Events): void {
  const p = s.players[seat];
  actorUnit(s, seat, playerUnitId(seat));
  const target = unitById(s, a.target);
  // 4.2.7 "a target unit (Player or Animation)": any unit in play, yours or an opponent's (RULINGS R18).
  ensure(target && s.players[target.owner].eliminated === null, "illegal_move", `${a.target} is not a unit in play (RULINGS R18)`);
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
  // Immunized / Bane on the Item: chosen by the controller of the unit it is equipped to (R26, R28).
  if (!from && card(a.item).keywords.includes(K.immunized as KeywordId)) immunizedChoice(s, target.owner);
  if (!from && card(a.item).keywords.includes(K.bane as KeywordId)) baneChoice(s, target.owner, a.item);
  if (!from) {
    // Aware (9.1): each opponent with Aware and 1 EN decides whether to pay 1 EN to draw (RULINGS R13).
    for (const q of opponentsOf(s, seat)) if (controllerHas(s, q.seat, K.aware) && q.en >= 1) offer(s, q.seat, "aware", ["no", "yes"]);
  }
  afterAnyAction(s, p.self, ev);
}

export function applyCharge(s: State, seat: number, actorId: string, ev: Events): void {
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

export function applyPurge(s: State, seat: number, a: Extract<Action, { type: "purge" }>, ev: Events): void {
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
