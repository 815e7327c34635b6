/**
 * MAIN STEP / ATTACKING and COMBAT: who may attack (RAGE, MOUNT R38), SHIELD WALL (R15),
 * Objects absorbing damage in order (R9), PROTECTION and POISONOUS (R10), MOUNTED units (R38).
 */
import type { GameEvent } from "../core/engine.ts";
import type { State } from "./types.ts";
import { canvasCards, controllerOf, defOf, has, infested, shardValue, strength } from "./canvas.ts";
import { erase } from "./erase.ts";

/** Objects that take a unit's combat damage: the Character's and its Rider's. */
export function unitObjects(s: State, char: string): string[] {
  const r = s.riders[char];
  return [...(s.attached[char] ?? []), ...(r ? (s.attached[r] ?? []) : [])];
}

/** RAGE: one more attack; an infested HOST's printed RAGE is replaced by the INFEST ability (R37). */
export function maxAttacks(s: State, char: string): number {
  return 1 + (defOf(s, char).rage && !infested(s, char) ? 1 : 0) + s.units[char].rage;
}

/** R38: a MOUNTED unit may attack when at least one of its cards arrived on an earlier turn. */
export function arrivedBefore(s: State, char: string): boolean {
  const r = s.riders[char];
  return s.units[char].deployedTurn < s.turn || (!!r && s.units[r].deployedTurn < s.turn);
}

/**
 * ATTACKING: "each Character on your Canvas may make one attack" (RAGE: one more), not on the turn it
 * arrives (R38: a MOUNTED unit when either card arrived earlier). The one rule `validate` and
 * `legalActions` share: null when `char` may attack now, else why not.
 */
export function whyCannotAttack(s: State, char: string): string | null {
  if (!arrivedBefore(s, char)) return "Characters cannot attack the turn they are Deployed";
  if (s.units[char].attacks >= maxAttacks(s, char)) return "this Character has no attack left this turn";
  return null;
}

export function continueCombat(s: State, ev: GameEvent[]): void {
  const c = s.combat!;
  const defCtl = controllerOf(s, c.defender)!;
  // SHIELD WALL: once per turn per Character, for the (final) defender.
  const du = s.units[c.defender];
  if (du.shieldTurn !== s.turn) {
    const x = canvasCards(s, defCtl).reduce((n, k) => n + (infested(s, k) ? 0 : (defOf(s, k).shieldWall ?? 0)), 0);
    if (x > 0) {
      du.shield += x;
      du.shieldTurn = s.turn;
      ev.push({ type: "shield_wall", seat: defCtl, card: c.defender, shards: x });
    }
  }
  for (const side of ["att", "def"] as const) {
    const char = side === "att" ? c.attacker : c.defender;
    const key = side === "att" ? "attOrder" : "defOrder";
    const objs = unitObjects(s, char);
    const order = c[key] ?? [];
    if (objs.length < 2) {
      c[key] = [...objs];
      continue;
    }
    const rest = objs.filter((o) => !order.includes(o));
    if (rest.length === 1) c[key] = [...order, rest[0]];
    if (rest.length >= 2) {
      c[key] = order;
      s.prompt = { kind: "order", seat: controllerOf(s, char)!, char, options: rest };
      return;
    }
  }
  const aStr = strength(s, c.attacker);
  const dStr = strength(s, c.defender);
  const aPois = has(s, c.attacker, "poisonous");
  const dPois = has(s, c.defender, "poisonous");
  ev.push({ type: "combat", attacker: c.attacker, defender: c.defender, attackerStrength: aStr, defenderStrength: dStr });
  s.combat = null;
  const toErase = [...combatDamage(s, c.defender, aStr, c.defOrder!, aPois), ...combatDamage(s, c.attacker, dStr, c.attOrder!, dPois)];
  for (const x of toErase) if (s.units[x]) erase(s, x, ev);
}

/** Applies combat damage to a Character and its Objects; returns the cards to Erase. */
export function combatDamage(s: State, char: string, amount: number, order: string[], poisonous: boolean): string[] {
  if (amount <= 0) return [];
  // R10: PROTECTION is the Character's own: its Objects still absorb first (R9); what is left stops at the Character.
  // R38: a MOUNTED unit takes damage only when it is enough to Erase both cards, so PROTECTION on either card shields both.
  const rider = s.riders[char];
  const shielded = (has(s, char, "protection") || (!!rider && has(s, rider, "protection"))) && !poisonous;
  const out: string[] = [];
  let left = amount;
  for (const o of order) {
    if (left <= 0) break;
    const take = Math.min(left, shardValue(s, o));
    s.units[o].damage += take;
    left -= take;
    if ((take > 0 && poisonous) || shardValue(s, o) <= 0) out.push(o);
  }
  if (shielded) return out;
  if (left > 0 && rider) {
    // R38: the unit's damage counts only once it is enough to Erase both cards (POISONOUS: any damage); then both go.
    if (poisonous || left >= shardValue(s, char) + shardValue(s, rider)) out.push(rider, char);
    return out;
  }
  if (left > 0) {
    const take = Math.min(left, shardValue(s, char));
    s.units[char].damage += take;
    if ((take > 0 && poisonous) || shardValue(s, char) <= 0) out.push(char);
  }
  return out;
}
