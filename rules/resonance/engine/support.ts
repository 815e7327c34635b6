/**
 * 4.2.3 Support.
 */
import { ensure } from "../../core/errors.ts";
import { kwCategory } from "../catalog.ts";
import type { Action, Combat, KeywordId, State } from "../types.ts";
import { actorUnit, spend } from "./actions.ts";
import { flawsOf } from "./attack.ts";
import { augmentLimit, augmentOptions } from "./augmentation.ts";
import { ask, blankCombat, flag } from "./choices.ts";
import { removeDamage } from "./damage.ts";
import { K, type Events } from "./definitions.ts";
import { actionKeywords, ctxFor, hook } from "./keywordContext.ts";
import { shiftOptions } from "./keywordProcesses.ts";
import { applyTag } from "./tags.ts";
import { innateKeywords } from "./unitStats.ts";
import { isPlayerUnit, unitById } from "./units.ts";
import type { Stage } from "./stages.ts";

/** Checks a Support declaration without changing the state. */
export function checkSupport(s: State, seat: number, a: Extract<Action, { type: "support" }>): Combat {
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

export function declareSupport(s: State, seat: number, a: Extract<Action, { type: "support" }>, ev: Events): Stage | null {
  const c = checkSupport(s, seat, a);
  const actor = unitById(s, c.actor)!;
  const target = unitById(s, c.targets[0])!;
  spend(s, actor);
  s.combat = c;
  ev.push({ type: "support", seat, actor: actor.id, target: target.id });
  return "augment";
}

export function resolveSupport(s: State, ev: Events): Stage | null {
  const c = s.combat!;
  const kws = actionKeywords(c);
  const boosts = [...kws].filter((k) => kwCategory(k) === 4);
  if (boosts.length > 0 && c.step !== "resolve") {
    // 4.4.A: the controller chooses where Boost Tags from a Support go.
    c.step = "choice";
    c.choice = { purpose: "boost", seat: c.seat, options: ["target", "self"] };
    return null;
  }
  const target = unitById(s, c.targets[0]);
  const actor = unitById(s, c.actor);
  if (kws.has(K.split) && !flag(c, "split")) {
    c.flags.push("split");
    const mine = s.players[c.seat].animations.map((u) => u.id);
    if (mine.length) {
      ask(s, "split", c.seat, mine, "support");
      return null;
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
      return null;
    }
  }
  return "support_end";
}

export function endSupport(s: State, _ev: Events): Stage | null {
  const c = s.combat;
  if (!c || s.outcome) return null;
  c.step = "resolve";
  c.targets = [];
  return "continue";
}
