/**
 * 4.3.3 Declare Augmented Keyword Use and 4.3.4 Player Keyword Augmentation (2.17.6 Action Sovereignty).
 */
import { ensure } from "../../core/errors.ts";
import { kwCategory } from "../catalog.ts";
import { HOOKS } from "../keywords/index.ts";
import type { Action, Combat, KeywordId, State } from "../types.ts";
import { ask, flag } from "./choices.ts";
import { K, TAG, type Events } from "./definitions.ts";
import { fuelFeasible } from "./fuel.ts";
import { actionKeywords, ctxFor, hook } from "./keywordContext.ts";
import { removeTag } from "./tags.ts";
import { codexKeywords, focusOf, hasTag, itemKeywords, staticKeywords } from "./unitStats.ts";
import { isAnimation, isPlayerUnit, unitById } from "./units.ts";
import type { Stage } from "./stages.ts";

/** Keywords the acting unit may declare as Augmented (4.3.3, 4.3.4, 2.17.6). */
export function augmentOptions(s: State, c: Combat): KeywordId[] {
  const actor = unitById(s, c.actor);
  if (!actor) return [];
  const target = c.targets[0] !== undefined ? unitById(s, c.targets[0]) : null;
  if (c.kind !== "support" && target && staticKeywords(s, target).includes(K.insulated)) return []; // Insulated 7.3
  let pool: KeywordId[];
  if (isPlayerUnit(actor)) {
    if (c.kind !== "support" && staticKeywords(s, actor).includes(K.mundane)) return []; // RULINGS R20: "this unit's attacks"
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

export function canAugmentMore(s: State, c: Combat): boolean {
  const actor = unitById(s, c.actor);
  if (!actor) return false;
  const viaTag = c.kind !== "support" && hasTag(s, actor, TAG.augment) && codexKeywords(s.players[c.seat]).some((k) => !actionKeywords(c).has(k));
  return (c.augmented.length < augmentLimit(s, c) && augmentOptions(s, c).length > 0) || viaTag;
}

export function toAugmentOrFuel(s: State, _ev: Events): Stage | null {
  const c = s.combat!;
  if (!flag(c, "innateGains")) {
    c.flags.push("innateGains");
    for (const k of c.innate) if (offerGains(s, k)) return null;
  }
  if (canAugmentMore(s, c)) {
    c.step = "augment";
    return null;
  }
  return "after_augment";
}

export function applyAugment(s: State, seat: number, a: Extract<Action, { type: "augment" }>, ev: Events): Stage | null {
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
  if (offerGains(s, a.keyword)) return null;
  return canAugmentMore(s, c) ? null : "after_augment";
}

/** Imbue (5.6) / Improvisor (5.2): choose one more keyword for the action (not counted). */
export function offerGains(s: State, k: KeywordId): boolean {
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

export function afterAugment(s: State, ev: Events): Stage | null {
  const c = s.combat!;
  if (c.kind === "support") {
    return "support";
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
    return "area";
  }
  if (c.kind === "attack" && kws.has(K.translocate) && first && isAnimation(first) && !flag(c, "translocate")) {
    c.flags.push("translocate");
    ask(s, "translocate", c.seat, ["roll", "return"], "prefuel");
    return null;
  }
  return "fuel";
}

export const NO_DISCARD: ReadonlySet<KeywordId> = new Set([K.snap, K.stoic, K.ambience] as KeywordId[]);
/** The fuel cannot be paid and only one Augmented slot is left: it must go to a no-discard keyword. */
export function mustPickNoDiscard(s: State, c: Combat): boolean {
  return c.kind === "attack" && !fuelFeasible(s, c) && c.augmented.length + 1 >= augmentLimit(s, c) && augmentOptions(s, c).some((k) => NO_DISCARD.has(k));
}
/** `augment_done` is allowed unless the fuel cannot be paid while a no-discard keyword is still available. */
export function canFinishAugment(s: State, c: Combat): boolean {
  if (c.kind === "support" || fuelFeasible(s, c)) return true;
  return !(c.augmented.length < augmentLimit(s, c) && augmentOptions(s, c).some((k) => NO_DISCARD.has(k)));
}
