/**
 * Who acts now and every legal action (the engine contract's actors / legal).
 */
import { RuleError } from "../../core/errors.ts";
import { card } from "../catalog.ts";
import type { Action, KeywordId, State, Unit } from "../types.ts";
import { deployCost, equipCost } from "./actions.ts";
import { checkAttack } from "./attack.ts";
import { augmentLimit, augmentOptions, canFinishAugment, mustPickNoDiscard, NO_DISCARD } from "./augmentation.ts";
import { defendOptions } from "./defenderReaction.ts";
import { isStatus, K, TAG } from "./definitions.ts";
import { fuelShape, hasSamePowerPair } from "./fuel.ts";
import { actionKeywords, ctxFor, hook } from "./keywordContext.ts";
import { checkSupport } from "./support.ts";
import { removable } from "./tags.ts";
import { codexKeywords, commanded, focusOf, guarded, hasTag, innateKeywords, itemKeywords, itemLimit } from "./unitStats.ts";
import { cardPower, isAnimation, isPlayerUnit, opponentsOf, unitById } from "./units.ts";

export function actors(s: State): number[] {
  if (s.outcome) return [];
  if (s.phase === "draft") return [s.picker];
  const c = s.combat;
  if (c) {
    if (c.choice) return [c.choice.seat];
    if (c.step === "defend" || c.step === "defend_extra") return [unitById(s, c.targets[c.current])!.owner];
    return [c.seat];
  }
  return [s.turnSeat];
}

export function combos<T>(xs: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  const out: T[][] = [];
  xs.forEach((x, i) => {
    for (const rest of combos(xs.slice(i + 1), k - 1)) out.push([x, ...rest]);
  });
  return out;
}

export function legalActions(s: State, seat: number): Action[] {
  if (!actors(s).includes(seat)) return [];
  if (s.phase === "draft") return [...s.pool].sort((a, b) => a - b).map((m) => ({ type: "pick", module: m }));
  const p = s.players[seat];
  const c = s.combat;
  if (c) {
    if (c.choice) return c.choice.options.map((o) => ({ type: "choose", option: o }));
    switch (c.step) {
      case "augment": {
        const out: Action[] = canFinishAugment(s, c) ? [{ type: "augment_done" }] : [];
        const forced = mustPickNoDiscard(s, c);
        if (c.augmented.length < augmentLimit(s, c)) for (const k of augmentOptions(s, c)) if (!forced || NO_DISCARD.has(k)) out.push({ type: "augment", keyword: k });
        const actor = unitById(s, c.actor)!;
        const ctx = ctxFor(s, c, []);
        if (c.kind !== "support" && hasTag(s, actor, TAG.augment))
          for (const k of [...new Set(codexKeywords(p))]) if (!actionKeywords(c).has(k) && !hook(k)?.declare?.(ctx)) out.push({ type: "augment", keyword: k, tag: true });
        return out;
      }
      case "fuel": {
        const shape = fuelShape(s, c);
        const out: Action[] = [];
        const hand = [...p.hand];
        for (let n = shape.min; n <= shape.max; n++) {
          const total = n + (shape.awkward ? 1 : 0);
          if (total > hand.length) continue;
          for (const combo of combos(hand, total)) {
            if (c.kind === "critical") {
              // the pair first (any same-Power pair inside the combo), extras after
              for (const pair of combos(combo, 2)) {
                if (cardPower(pair[0]) !== cardPower(pair[1])) continue;
                const rest = combo.filter((x) => !pair.includes(x));
                out.push({ type: "fuel", cards: [...pair, ...rest] });
              }
            } else out.push({ type: "fuel", cards: combo });
          }
        }
        return dedupe(out);
      }
      case "gamble":
        return [
          { type: "gamble", reveal: false },
          { type: "gamble", reveal: true },
        ];
      case "defend":
        return defendOptions(s, c).map((o) =>
          o === "none" ? { type: "defend" } : o === "top" ? { type: "defend", card: "top" } : o.startsWith("item:") ? { type: "defend", sacrifice: o.slice(5) } : { type: "defend", card: o.slice(5) },
        );
      case "defend_extra":
        return [{ type: "defend_extra" }, ...p.hand.map((h) => ({ type: "defend_extra" as const, card: h }))];
      default:
        return [];
    }
  }
  if (s.phase === "ready") {
    const u = s.slowQueue[0];
    return [
      { type: "slow", unit: u, pay: false },
      { type: "slow", unit: u, pay: true },
    ];
  }
  if (s.phase === "refresh") return [...new Set(p.hand)].map((h) => ({ type: "discard", card: h }));
  return turnActions(s, seat);
}

export function dedupe(xs: Action[]): Action[] {
  const seen = new Set<string>();
  return xs.filter((x) => {
    const k = JSON.stringify(x);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export function canActNow(s: State, u: Unit): boolean {
  if (u.suppressed) return false;
  if (isPlayerUnit(u)) return s.players[u.owner].spentTokens < 2;
  return !u.spent;
}

/** Every legal main action of the turn player (no Channel/Multiply/Deadeye variants: see legalAttackVariants). */
export function turnActions(s: State, seat: number): Action[] {
  const p = s.players[seat];
  const out: Action[] = [{ type: "end" }];
  const units = [p.self, ...p.animations];
  for (const u of units) {
    if (!canActNow(s, u)) continue;
    out.push({ type: "charge", actor: u.id });
    out.push({ type: "purge", actor: u.id });
    for (const t of u.tags) if (isStatus(t.id) && removable(s, t)) out.push({ type: "purge", actor: u.id, removeTag: t.id });
    for (const f of units) {
      out.push({ type: "support", actor: u.id, target: f.id });
      if (hasAccess(s, u, K.channel)) {
        for (const src of units) {
          if (src.id === u.id) continue;
          const v: Extract<Action, { type: "support" }> = { type: "support", actor: u.id, target: f.id, source: src.id };
          try {
            checkSupport(s, seat, v);
            out.push(v);
          } catch (e) {
            if (!(e instanceof RuleError)) throw e;
          }
        }
      }
    }
    if (s.turn > 1 && !hasTag(s, u, TAG.bind)) {
      for (const e of opponentsOf(s, seat)) {
        for (const t of [e.self, ...e.animations]) {
          // cheap filters first (checkAttack would refuse these with an exception)
          if (t.untargetable) continue;
          if (isPlayerUnit(t) && guarded(s, t.owner) && !hasAccess(s, u, K.traveller)) continue;
          for (const critical of [false, true]) {
            if (critical && !hasSamePowerPair(p.hand)) continue;
            const a: Extract<Action, { type: "attack" }> = critical ? { type: "attack", actor: u.id, target: t.id, critical: true } : { type: "attack", actor: u.id, target: t.id };
            // Declarations implying a keyword (R6), only when the actor has access to it; every combination.
            const seconds: (string | undefined)[] = [undefined];
            if (hasAccess(s, u, K.multiply)) for (const e2 of opponentsOf(s, seat)) for (const t2 of [e2.self, ...e2.animations]) if (t2.id > t.id) seconds.push(t2.id);
            const items: (string | undefined)[] = [undefined, ...(hasAccess(s, u, K.deadeye) ? t.items : [])];
            const sources: (string | undefined)[] = [undefined, ...(hasAccess(s, u, K.channel) ? units.filter((f) => f.id !== u.id).map((f) => f.id) : [])];
            for (const second of seconds) {
              for (const item of items) {
                for (const source of sources) {
                  const v: Extract<Action, { type: "attack" }> = { ...a };
                  if (second !== undefined) v.second = second;
                  if (item !== undefined) v.item = item;
                  if (source !== undefined) v.source = source;
                  if (wouldAccept(s, seat, v)) out.push(v);
                }
              }
            }
          }
        }
      }
    }
  }
  if (canActNow(s, p.self)) {
    // 4.2.7: an Item goes onto any unit in play, yours or an opponent's (RULINGS R18).
    const anyUnits = [...units, ...opponentsOf(s, seat).flatMap((e) => [e.self, ...e.animations])];
    for (const h of new Set(p.hand)) {
      if (card(h).kind === "animation") {
        if (commanded(p) < focusOf(s, p.self) && p.en >= deployCost(s, seat, h)) out.push({ type: "deploy", card: h });
      } else if (p.en >= equipCost(s, seat, h)) for (const u of anyUnits) if (u.items.length < itemLimit(s, u)) out.push({ type: "equip", item: h, target: u.id });
    }
    for (const u of units) for (const i of u.items) for (const t of anyUnits) if (t.id !== u.id && t.items.length < itemLimit(s, t)) out.push({ type: "equip", item: i, target: t.id });
  }
  if (p.karma >= 1) {
    out.push({ type: "karma", spend: "overclock" });
    for (const u of p.animations) if (u.spent || u.suppressed) out.push({ type: "karma", spend: "reengage", unit: u.id });
  }
  if (p.karma >= 3 && p.codexDeck.length > 0) out.push({ type: "karma", spend: "acquire" });
  if (p.karma >= p.focus + 1) out.push({ type: "karma", spend: "refine" });
  for (const u of units) {
    if (isAnimation(u) && u.spent && !u.suppressed && hasTag(s, u, TAG.haste)) out.push({ type: "tag", use: "haste", unit: u.id });
    if (u.suppressed && hasTag(s, u, TAG.liberate)) out.push({ type: "tag", use: "liberate", unit: u.id });
  }
  return out;
}

/** The unit has keyword `k` Innate or among what it may augment. */
export function hasAccess(s: State, u: Unit, k: KeywordId): boolean {
  if (innateKeywords(s, u).includes(k)) return true;
  const pool = isPlayerUnit(u) ? [...codexKeywords(s.players[u.owner]), ...itemKeywords(u)] : itemKeywords(u);
  return pool.includes(k);
}

/** True when the attack declaration `a` would be accepted. */
export function wouldAccept(s: State, seat: number, a: Extract<Action, { type: "attack" }>): boolean {
  try {
    checkAttack(s, seat, a);
    return true;
  } catch (e) {
    if (e instanceof RuleError) return false;
    throw e;
  }
}
