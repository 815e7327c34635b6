/**
 * 4.3.6 Calculate Resistance Value (RV) and 4.3.7 Resolution: damage, keyword effects, the next target, the end of the action.
 */
import { kwCategory, kwColor } from "../catalog.ts";
import { HOOKS } from "../keywords/index.ts";
import type { Combat, State, Unit } from "../types.ts";
import { afterAnyAction } from "./actions.ts";
import { ask, flag } from "./choices.ts";
import { dealDamage, destroyItem, survivorApplies } from "./damage.ts";
import { isStatus, K, TAG, type Events } from "./definitions.ts";
import { gainKarma } from "./karma.ts";
import { actionKeywords, ctxFor, hook, lingerLock, resolutionMode } from "./keywordContext.ts";
import { EDIT_EXCLUDED, factionColors } from "./keywordProcesses.ts";
import { applyTag, blessable } from "./tags.ts";
import { endTurn } from "./turn.ts";
import { focusOf, hasTag } from "./unitStats.ts";
import { unitById } from "./units.ts";
import type { Stage } from "./stages.ts";

/** 4.3.6 + 4.3.7 against the current target, then keyword effects. */
export function runRoll(s: State, ev: Events): Stage | null {
  const c = s.combat!;
  const target = unitById(s, c.targets[c.current]);
  if (!target) {
    return "next_target";
  }
  const ctx = ctxFor(s, c, ev);
  const kws = ctx.attack;
  const cur = c.current;
  if (kws.has(K.potent) && !flag(c, `potent:${cur}`)) {
    // Potent (8.9): decided before the numbers are compared.
    c.flags.push(`potent:${cur}`);
    ask(s, "potent", c.seat, ["normal", "potent"], "resolve");
    return null;
  }
  const potent = flag(c, `potentOn:${cur}`);
  const mode = resolutionMode(kws, c.kind);
  const noFocus = [...kws].some((k) => hook(k)?.noFocus);
  let rv: number;
  if (mode === "reckless") rv = 0;
  else if (mode === "snap") rv = focusOf(s, target);
  else {
    rv = (noFocus ? 0 : focusOf(s, target)) + c.rvBonus;
    for (const k of kws) rv += hook(k)?.rv?.(ctx) ?? 0;
    for (const k of ctx.defense) rv += hook(k)?.rv?.(ctx) ?? 0;
    rv = Math.max(0, rv);
  }
  let evv = targetEv(s, c, target);
  if (mode !== "reckless" && mode !== "snap") for (const k of kws) if (k === K.exploit) evv += target.tags.filter((t) => isStatus(t.id)).length;
  const success = evv > rv || potent;
  let dmg = evv > rv && !potent ? evv - rv : 0;
  if (!flag(c, `rolled:${cur}`)) {
    c.flags.push(`rolled:${cur}`);
    ev.push({ type: "roll", target: target.id, ev: evv, rv, success, potent });
  }
  if (success && kws.has(K.edit) && !flag(c, "edit") && s.players[c.seat].en >= 1) {
    // Edit (0.9): pay 1 EN to add a keyword sharing a colour with the target's faction (R7, R25).
    c.flags.push("edit");
    const colors = factionColors(s, target);
    const options = [...HOOKS.values()]
      .filter((h) => colors.includes(kwColor(h.id)) && !kws.has(h.id) && !h.mode && !h.ev && !h.rv && !h.noFocus && !h.declare && !h.evFocus && !EDIT_EXCLUDED.has(h.id))
      .map((h) => h.id)
      .sort();
    if (options.length) {
      ask(s, "edit", c.seat, ["none", ...options], "resolve");
      return null;
    }
  }
  if (dmg > 0) {
    for (const k of kws) dmg += hook(k)?.extraDamage?.(ctx, "attack") ?? 0;
    for (const k of ctx.defense) dmg += hook(k)?.extraDamage?.(ctx, "defense") ?? 0;
  }
  c.dealt[c.current] = 0;
  const unpreventable = [...kws].some((k) => hook(k)?.unpreventable);
  let placed = 0;
  const destroyed = false;
  if (dmg > 0 && c.aimItem && target.items.includes(c.aimItem) && kws.has(K.deadeye)) {
    // Deadeye (6.2): destroy the Item instead — not damage (Golden Rule 3).
    ev.push({ type: "deadeye", item: c.aimItem });
    destroyItem(s, c.aimItem, ev);
  } else if (dmg > 0 && kws.has(K.adaptive) && s.players[target.owner].hand.length > 0 && !flag(c, `adaptive:${cur}`)) {
    // Adaptive (0.7): the attacker may have the target's controller discard instead (a redirection, Golden Rule 3).
    c.flags.push(`adaptive:${cur}`);
    ask(s, "adaptive", c.seat, ["damage", "discard"], "resolve");
    return null;
  } else if (dmg > 0 && flag(c, `adaptiveOn:${cur}`)) {
    const owner = s.players[target.owner];
    ask(
      s,
      "adaptive_discard",
      target.owner,
      owner.hand.map((h) => `card:${h}`),
      "post",
      { success },
    );
    return null;
  } else if (dmg > 0) {
    if (!unpreventable && blessable(s, target) && !flag(c, `bless:${cur}`)) {
      // Bless (RULINGS R47): its controller decides once the roll's damage is known (before Survivor).
      c.flags.push(`bless:${cur}`);
      ask(s, "bless", target.owner, ["use", "keep"], "resolve", { dmg });
      return null;
    }
    // A used Bless Tag was removed with the answer and prevents 1 of this damage.
    const left = flag(c, `blessOn:${cur}`) ? dmg - 1 : dmg;
    const owner = s.players[target.owner];
    const survivor = !unpreventable && survivorApplies(s, target, left);
    if (survivor) {
      // Survivor (4.1): asked after this roll's numbers are known; damage waits for the answer.
      c.dealt[c.current] = left;
      c.step = "choice";
      c.choice = { purpose: "survivor", seat: target.owner, options: ["no", ...owner.hand.map((h) => `card:${h}`)], data: { dmg: left } };
      return null;
    }
    placed = left > 0 ? dealDamage(s, target, left, { preventable: !unpreventable, by: c.seat, bless: "keep", survivor: "asked" }, ev) : 0;
  }
  void destroyed;
  return finishRoll(s, ev, placed, success);
}

export function finishRoll(s: State, ev: Events, placed: number, success: boolean): Stage | null {
  const c = s.combat;
  if (!c || s.outcome) return null;
  const targetId = c.targets[c.current];
  const target = unitById(s, targetId);
  const destroyed = target === null;
  c.dealt[c.current] = placed;
  const ctx = ctxFor(s, c, ev, targetId);
  if (placed > 0 && !c.karmaGiven) {
    c.karmaGiven = true;
    gainKarma(s, c.seat, ev, "dealt damage");
  }
  if (placed > 0) for (const k of ctx.attack) if (!s.outcome) hook(k)?.onDamage?.(ctx, placed, "attack");
  if (placed > 0 && target) for (const k of ctx.defense) hook(k)?.onDamage?.(ctx, placed, "defense");
  // Keyword effects apply when the roll succeeds (RULINGS R7); Tags per 4.4.
  if (success && !s.outcome) {
    const actor = unitById(s, c.actor);
    for (const k of ctx.attack) {
      const cat = kwCategory(k);
      if (cat === 4 && actor) applyTag(s, actor, k, ev);
      if (cat === 5 && target) applyTag(s, target, k, ev, lingerLock(s, target, c.seat));
    }
  }
  if (!s.outcome) {
    for (const k of ctx.defense) hook(k)?.afterRoll?.(ctx, "defense", destroyed);
    for (const k of ctx.attack) hook(k)?.afterRoll?.(ctx, "attack", destroyed);
  }
  c.step = "resolve";
  return "continue";
}

/** Drains queued choices, then moves to the next target / the end of the action. */
export function continueAfterChoices(s: State, _ev: Events): Stage | null {
  const c = s.combat;
  if (!c || s.outcome) return null;
  if (c.choice) return null;
  if (c.queue.length > 0) {
    c.choice = c.queue.shift()!;
    c.step = "choice";
    return null;
  }
  if (c.step === "choice") c.step = "resolve";
  if (c.kind === "support" || c.targets.length === 0) {
    return "end";
  }
  return "next_target";
}

export function nextTarget(s: State, _ev: Events): Stage | null {
  const c = s.combat;
  if (!c || s.outcome) return null;
  if (c.current + 1 < c.targets.length) {
    c.current++;
    return "start_roll";
  }
  return "end";
}

export function endAction(s: State, ev: Events): Stage | null {
  const c = s.combat;
  if (!c || s.outcome) return null;
  if (!c.ended) {
    const target = unitById(s, c.targets[0]);
    if (c.kind === "attack" && actionKeywords(c).has(K.rapid) && !flag(c, "rapid") && s.players[c.seat].en >= 1 && target && c.targets.length === 1 && unitById(s, c.actor)) {
      c.flags.push("rapid");
      ask(s, "rapid", c.seat, ["no", "yes"], "end");
      return null;
    }
    c.ended = true;
    const ctx = ctxFor(s, c, ev);
    if (c.kind !== "support") for (const k of ctx.attack) hook(k)?.afterAction?.(ctx);
    if (c.revealed) {
      s.discard.push(c.revealed);
      c.revealed = null;
    }
    const actor = unitById(s, c.actor);
    if (actor) afterAnyAction(s, actor, ev);
    if (c.queue.length > 0 && !s.outcome) {
      c.choice = c.queue.shift()!;
      c.step = "choice";
      return null;
    }
  }
  s.combat = null;
  if (!s.outcome && s.players[s.turnSeat].eliminated !== null) endTurn(s, ev);
  return null;
}

export function targetEv(s: State, c: Combat, target: Unit): number {
  let v = c.ev;
  const mode = resolutionMode(actionKeywords(c), c.kind);
  if (mode !== "reckless" && mode !== "snap" && hasTag(s, target, TAG.mark)) v += 1;
  return Math.max(0, v);
}
