/**
 * Keyword hooks, colours 0–9 (the first batch). One entry per keyword id; some keywords are
 * enforced directly by the engine at a fixed rule point and are registered here with no hook
 * (marked "engine:"), so the registry lists every implemented id. See KEYWORDS-STATUS.md.
 */
import type { KeywordHooks, RollCtx } from "./hooks.ts";
import type { KeywordId, Unit } from "../types.ts";
import { card } from "../catalog.ts";

const id = (x: string) => x as KeywordId;
const isPlayer = (u: Unit) => u.card === null && /^p\d$/.test(u.id);

function tagsOfAttack(ctx: RollCtx): KeywordId[] {
  return [...ctx.attack].filter((k) => k.endsWith(".5"));
}

export const BASE_KEYWORDS: KeywordHooks[] = [
  // ---- 0 Null
  { id: id("0.0") }, // engine: Restricted, +1 EN on Deploy/Equip (deployCost/equipCost)
  { id: id("0.1"), ev: () => 1 }, // Aura
  {
    id: id("0.2"), // Specialist: "you may draw one card" (RULINGS R13: asked)
    afterAction: (ctx) => {
      if (ctx.s.players[ctx.seat].eliminated === null) ctx.api.ask("0.2:specialist", ctx.seat, ["no", "yes"]);
    },
    answer: (ctx, option) => {
      if (option !== "yes" || ctx.s.players[ctx.seat].eliminated !== null) return;
      ctx.api.events.push({ type: "specialist", seat: ctx.seat });
      ctx.api.draw(ctx.seat, 1);
    },
  },
  {
    id: id("0.3"), // Alert: pay 1 EN to return one of Your Items to Your hand
    afterAction: (ctx) => {
      const p = ctx.s.players[ctx.seat];
      if (p.en < 1 || p.eliminated !== null) return;
      const items = [p.self, ...p.animations].flatMap((u) => u.items);
      ctx.api.ask("0.3:alert", ctx.seat, ["none", ...items]);
    },
    answer: (ctx, option) => {
      if (option === "none") return;
      const p = ctx.s.players[ctx.seat];
      const holder = [p.self, ...p.animations].find((u) => u.items.includes(option));
      if (!holder || p.en < 1) return;
      p.en -= 1;
      holder.items = holder.items.filter((i) => i !== option);
      p.hand.push(option);
      ctx.api.events.push({ type: "alert", seat: ctx.seat, item: option, en: p.en });
    },
  },
  { id: id("0.6") }, // engine: Indirect, the defender's discard option becomes "reveal the top card" (defendOptions)
  { id: id("0.8") }, // engine: Gamble, the gamble step after fuel (Player attacks)

  // ---- 1 Silver
  { id: id("1.1") }, // engine: Traveller, bypasses Guardian Precedence (declareAttack)
  {
    id: id("1.2"), // Martial: the defender deals 1 unpreventable damage back to the actor (Golden Rule 5)
    afterRoll: (ctx, side, destroyed) => {
      if (side !== "defense" || destroyed) return;
      const actor = ctx.api.unit(ctx.c.actor);
      if (actor) {
        ctx.api.events.push({ type: "martial", unit: ctx.target?.id, to_unit: actor.id });
        ctx.api.damage(actor, 1, { preventable: false, byAttackOf: ctx.defenderSeat });
      }
    },
  },
  { id: id("1.6") }, // engine: Reactive, one extra defending discard when any of Your units has it (engine/defenderReaction.ts extraDefendAllowed, R21)
  { id: id("1.7"), unpreventable: true }, // Phasing
  { id: id("1.8"), extraDamage: (ctx, side) => (side === "attack" && ctx.c.kind === "critical" ? 1 : 0) }, // Brutal

  // ---- 2 Yellow
  { id: id("2.0"), declare: (ctx) => (ctx.c.kind === "critical" ? "Anxious: this unit cannot perform a Critical Strike (2.0)" : null) },
  {
    id: id("2.1"), // Acrobatic
    afterAction: (ctx) => {
      const a = ctx.api.unit(ctx.c.actor);
      if (a) a.untargetable = true;
    },
  },
  {
    id: id("2.3"), // Eidetic: +1 EV the first time against an enemy unit
    ev: (ctx) => {
      const p = ctx.s.players[ctx.seat];
      const t = ctx.c.targets[0];
      if (t === undefined || p.eideticUsed.includes(t)) return 0;
      p.eideticUsed.push(t);
      return 1;
    },
  },
  { id: id("2.6"), mode: "snap" }, // Snap
  { id: id("2.7"), ev: (ctx) => (ctx.source.items.length > 0 ? 1 : 0) }, // Two-Handed
  { id: id("2.9"), mode: "reckless" }, // Reckless

  // ---- 3 Green
  { id: id("3.0"), defenderNoDiscard: (_ctx, side) => side === "defense" }, // Hesitant
  { id: id("3.1") }, // engine: Sturdy (focusOf)
  {
    id: id("3.2"), // Brawler: look at the defender's hand, choose a card for them to discard
    onDamage: (ctx, _dealt, side) => {
      if (side !== "attack" || !ctx.attack.has(id("3.2")) || ctx.defenderSeat < 0) return;
      const hand = ctx.s.players[ctx.defenderSeat].hand;
      if (hand.length)
        ctx.api.ask(
          "3.2:brawler",
          ctx.seat,
          hand.map((h) => `card:${h}`),
          { victim: ctx.defenderSeat },
        );
    },
    answer: (ctx, option, data) => {
      const victim = Number(data.victim);
      const c = option.slice(5);
      if (ctx.s.players[victim].hand.includes(c)) ctx.api.discardFromHand(victim, c);
    },
  },
  { id: id("3.3") }, // engine: Stubborn (destroy)
  { id: id("3.6"), ev: (ctx) => ctx.s.players[ctx.seat].animations.length }, // Sculpt
  { id: id("3.7") }, // engine: Defensive, one extra defending discard, cumulative with Reactive / Enhance (engine/defenderReaction.ts extraDefendAllowed, R21)
  {
    id: id("3.8"), // Impact
    onDamage: (ctx, _dealt, side) => {
      if (side !== "attack" || !ctx.attack.has(id("3.8")) || !ctx.target) return;
      const t = ctx.api.unit(ctx.target.id);
      if (!t) return;
      // A Player is spent when it holds both Spent Tokens (2.6); its next Ready Phase leaves them (RULINGS R49).
      if (t.id === `p${t.owner}`) ctx.s.players[t.owner].spentTokens = 2;
      else t.spent = true;
      t.skipReady = true;
    },
  },

  // ---- 4 Black
  { id: id("4.0") }, // engine: Feeble (focusOf)
  { id: id("4.1") }, // engine: Survivor, Animations only, any preventable damage (engine/damage.ts survivorApplies / dealDamage, engine/resolution.ts runRoll; R15, R31)
  { id: id("4.2"), mode: "stoic", declare: (ctx) => (ctx.c.kind === "critical" ? "Stoic: this attack cannot be a Critical Strike (4.2)" : null) },
  { id: id("4.3") }, // engine: Ageless on any of Your units (Blight: engine/actions.ts afterAnyAction; Growth: engine/unitStats.ts focusOf; R42)
  {
    id: id("4.6"), // Piercing: the same damage to the enemy Player
    onDamage: (ctx, dealt, side) => {
      if (side !== "attack" || !ctx.attack.has(id("4.6")) || !ctx.target || isPlayer(ctx.target)) return;
      const enemy = ctx.s.players[ctx.defenderSeat].self;
      ctx.api.events.push({ type: "piercing", seat: ctx.defenderSeat });
      ctx.api.damage(enemy, dealt, { preventable: !ctx.attack.has(id("1.7")), byAttackOf: ctx.seat });
    },
  },
  {
    id: id("4.8"), // Siphon
    onDamage: (ctx, _dealt, side) => {
      if (side !== "attack" || !ctx.attack.has(id("4.8"))) return;
      ctx.api.removeDamage(ctx.s.players[ctx.seat].self, 1);
    },
  },
  {
    id: id("4.9"), // Animate: take an Animation card from the Discard Pile
    afterAction: (ctx) => {
      if (!isPlayer(ctx.actor) && !ctx.c.innate.includes(id("4.9"))) return;
      const options = [...new Set(ctx.s.discard.filter((c) => card(c).kind === "animation"))];
      if (options.length) ctx.api.ask("4.9:animate", ctx.seat, ["none", ...options]);
    },
    answer: (ctx, option) => {
      if (option === "none") return;
      const i = ctx.s.discard.indexOf(option);
      if (i < 0) return;
      ctx.s.discard.splice(i, 1);
      ctx.s.players[ctx.seat].hand.push(option);
      ctx.api.events.push({ type: "animate", seat: ctx.seat, card: option });
    },
  },

  // ---- 5 Orange
  {
    id: id("5.0"), // Gremlins (on the defender): damaged without discarding for RV -> destroy one of its Items
    onDamage: (ctx, _dealt, side) => {
      if (side !== "defense" || !ctx.defense.has(id("5.0")) || !ctx.target || ctx.c.defendCard !== null) return;
      const t = ctx.api.unit(ctx.target.id);
      if (t?.items.length) ctx.api.destroyItem(t.items[0]);
    },
  },
  { id: id("5.1") }, // engine: Sensor (deploy)
  { id: id("5.3") }, // engine: Crafty (equipCost)
  {
    id: id("5.8"),
    ev: (ctx) => {
      const p = ctx.s.players[ctx.seat];
      return [p.self, ...p.animations].reduce((n, u) => n + u.items.length, 0);
    },
  }, // Leverage
  {
    id: id("5.9"), // Manifest
    afterAction: (ctx) => {
      if (!ctx.attack.has(id("5.9"))) return;
      const top = ctx.api.revealTop();
      if (!top) return;
      if (card(top).kind === "item") ctx.s.players[ctx.seat].hand.push(top);
      else ctx.api.toDiscard(top);
      ctx.api.events.push({ type: "manifest", seat: ctx.seat, card: top });
    },
  },

  // ---- 6 White
  { id: id("6.0"), extraDamage: (ctx, side) => (side === "defense" && ctx.c.kind === "critical" ? 1 : 0) }, // Vulnerable
  { id: id("6.1") }, // engine: Tolerant (hasTag)
  { id: id("6.2") }, // engine: Deadeye (runRoll: redirect, Golden Rule 3)
  { id: id("6.3") }, // engine: Immunized (acquire choice, applyTag)
  {
    id: id("6.6"), // Sticky
    onDamage: (ctx, _dealt, side) => {
      if (side !== "attack" || !ctx.attack.has(id("6.6")) || !ctx.target) return;
      const t = ctx.api.unit(ctx.target.id);
      if (t) ctx.api.suppress(t);
    },
  },
  {
    id: id("6.7"),
    onSupport: (ctx) => {
      const t = ctx.api.unit(ctx.c.targets[0]);
      if (t) ctx.api.removeDamage(t, 1);
    },
  }, // Restore
  { id: id("6.8") }, // engine: Exploit (runRoll, per target)
  { id: id("6.9") }, // engine: Growth (afterAnyAction, focusOf)

  // ---- 7 Red
  { id: id("7.0") }, // engine: Limited (destroyThreshold, maxHp)
  { id: id("7.1") }, // engine: Resilient (maxHp)
  { id: id("7.2"), ev: (ctx) => (ctx.s.players[ctx.seat].karmaGainedThisTurn ? 1 : 0) }, // Font
  { id: id("7.3") }, // engine: Insulated (augmentOptions)
  { id: id("7.7"), noFocus: true }, // Ranged
  { id: id("7.8") }, // engine: Multiply (two targets, one EV)

  // ---- 8 Blue
  { id: id("8.0") }, // engine: Awkward (fuelShape)
  { id: id("8.1") }, // engine: Charismatic (deploy)
  {
    id: id("8.2"), // Leader
    afterAction: (ctx) => {
      for (const u of ctx.s.players[ctx.seat].animations) u.powerBonus = 1;
    },
  },
  {
    id: id("8.3"), // Insightful: "its controller may draw a card" (RULINGS R13: asked)
    onSupport: (ctx) => ctx.api.ask("8.3:insightful", ctx.seat, ["no", "yes"]),
    answer: (ctx, option) => {
      if (option !== "yes" || ctx.s.players[ctx.seat].eliminated !== null) return;
      ctx.api.events.push({ type: "insightful", seat: ctx.seat });
      ctx.api.draw(ctx.seat, 1);
    },
  },
  {
    id: id("8.6"), // Splash: the attack's non-damage keyword effects (Status Tags, Sticky, Impact) on one other enemy Animation (R48)
    onDamage: (ctx, _dealt, side) => {
      if (side !== "attack" || !ctx.attack.has(id("8.6")) || !ctx.target) return;
      const others = ctx.api.enemyAnimations(ctx.seat).filter((u) => u.id !== ctx.target!.id && !ctx.c.targets.includes(u.id));
      const effects = tagsOfAttack(ctx).length > 0 || ctx.attack.has(id("6.6")) || ctx.attack.has(id("3.8"));
      if (others.length && effects)
        ctx.api.ask(
          "8.6:splash",
          ctx.seat,
          others.map((u) => u.id),
        );
    },
    answer: (ctx, option) => {
      const u = ctx.api.unit(option);
      if (!u) return;
      for (const k of tagsOfAttack(ctx)) ctx.api.applyTag(u, k, ctx.seat);
      // the attack's other non-damage effects on a unit: Sticky, Impact
      if (ctx.attack.has(id("6.6"))) ctx.api.suppress(u);
      if (ctx.attack.has(id("3.8"))) {
        u.spent = true;
        u.skipReady = true;
      }
    },
  },
  { id: id("8.7") }, // engine: Lingering (applyTag lock)
  {
    id: id("8.8"), // Spread: another enemy Animation takes 1 damage
    onDamage: (ctx, _dealt, side) => {
      if (side !== "attack" || !ctx.attack.has(id("8.8")) || !ctx.target) return;
      const others = ctx.api.enemyAnimations(ctx.seat).filter((u) => u.id !== ctx.target!.id);
      if (others.length)
        ctx.api.ask(
          "8.8:spread",
          ctx.seat,
          others.map((u) => u.id),
        );
    },
    answer: (ctx, option) => {
      const u = ctx.api.unit(option);
      if (u) ctx.api.damage(u, 1, { preventable: true, byAttackOf: ctx.seat });
    },
  },

  // ---- 9 Purple
  { id: id("9.0") }, // engine: Mundane, the Player's own attacks only (engine/augmentation.ts augmentOptions, R20)
  { id: id("9.1") }, // engine: Aware (equip)
  { id: id("9.2") }, // engine: Stealthy (declareAttack)
  {
    id: id("9.6"), // Chain
    afterRoll: (ctx, side, destroyed) => {
      if (side !== "attack" || !destroyed) return;
      const options = ctx.api.enemyUnits(ctx.seat).map((u) => u.id);
      if (options.length) ctx.api.ask("9.6:chain", ctx.seat, ["none", ...options]);
    },
    answer: (ctx, option) => {
      if (option === "none") return;
      const u = ctx.api.unit(option);
      if (u) ctx.api.damage(u, 1, { preventable: false, byAttackOf: ctx.seat }); // R27: "Place 1 damage marker … not an attack"
    },
  },
  { id: id("9.7") }, // engine: Natural (itemLimit)
  { id: id("9.8"), mode: "ambience" }, // Ambience
  { id: id("9.9") }, // engine: Channel (source of the action, Actor Principle)
];
