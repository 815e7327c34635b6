/**
 * 4.3.5 Defender Reaction and 2.16 Defensive Sacrifice (with Defensive, Reactive, the Enhance Tag).
 */
import { ensure } from "../../core/errors.ts";
import type { Action, Combat, State } from "../types.ts";
import { destroyItem } from "./damage.ts";
import { K, TAG, type Events } from "./definitions.ts";
import { actionKeywords, ctxFor, hook, resolutionMode } from "./keywordContext.ts";
import { discardFromHand, revealTop } from "./library.ts";
import { controllerHas, hasTag, staticKeywords } from "./unitStats.ts";
import { cardPower, unitById } from "./units.ts";
import type { Stage } from "./stages.ts";

export function startRoll(s: State, _ev: Events): Stage | null {
  const c = s.combat!;
  c.defendCard = null;
  c.defendExtra = null;
  c.sacrificed = null;
  c.rvBonus = 0;
  const target = unitById(s, c.targets[c.current]);
  if (!target) {
    return "next_target";
  }
  c.step = "defend";
  if (defendOptions(s, c).length <= 1) {
    c.step = "resolve";
    return "roll";
  }
  return null;
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

export function applyDefend(s: State, seat: number, a: Extract<Action, { type: "defend" }>, ev: Events): Stage | null {
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
    return "roll";
  }
  return null;
}

/**
 * Extra defending discards still allowed: Defensive (3.7, after a normal discard), Reactive (1.6, when
 * one of the controller's units has it: "when one of Your units is targeted"), the Enhance Tag. Each
 * allows one card: they add up (Golden Rule 4, RULINGS R21).
 */
export function extraDefendAllowed(s: State, c: Combat): number {
  const target = unitById(s, c.targets[c.current]);
  if (!target) return 0;
  const ctx = ctxFor(s, c, []);
  const blocked = [...actionKeywords(c)].some((k) => hook(k)?.defenderNoDiscard?.(ctx, "attack")) || [...ctx.defense].some((k) => hook(k)?.defenderNoDiscard?.(ctx, "defense"));
  if (blocked || s.players[target.owner].hand.length === 0) return 0;
  const used = extrasUsed(c);
  let n = 0;
  const defensive = ctx.defense.has(K.defensive) || staticKeywords(s, s.players[target.owner].self).includes(K.defensive);
  if (defensive && c.defendCard !== null) n++;
  if (controllerHas(s, target.owner, K.reactive)) n++;
  if (hasTag(s, target, TAG.enhance)) n++;
  return Math.max(0, n - used);
}

/** Extra cards discarded so far against the current target (one `extra:<target index>` flag each). */
function extrasUsed(c: Combat): number {
  return c.flags.filter((f) => f === `extra:${c.current}`).length;
}

export function applyDefendExtra(s: State, seat: number, a: Extract<Action, { type: "defend_extra" }>, ev: Events): Stage | null {
  const c = s.combat!;
  const target = unitById(s, c.targets[c.current])!;
  if (a.card !== undefined) {
    ensure(extraDefendAllowed(s, c) > 0, "illegal_move", "no extra defending discard allowed");
    discardFromHand(s, seat, a.card, ev);
    c.defendExtra = a.card;
    c.flags.push(`extra:${c.current}`);
    c.rvBonus += hasTag(s, target, TAG.daze) ? 0 : cardPower(a.card);
    if (extraDefendAllowed(s, c) > 0) return null; // another extra card may follow (Golden Rule 4)
  }
  c.step = "resolve";
  return "roll";
}
