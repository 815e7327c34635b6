/**
 * Keyword hooks, second batch: keywords whose resolution is a decision inside the Opposed Roll.
 * Most are driven by the engine at their rule point (marked "engine:"), with the decision asked
 * through a Combat choice; the pure numeric ones are hooks here.
 */
import type { KeywordHooks, RollCtx } from "./hooks.ts";
import type { KeywordId } from "../types.ts";

const id = (x: string) => x as KeywordId;

/**
 * Bane (1.0, RULINGS R26): the attack's keywords of the colour(s) the defender's controller chose for
 * the defending unit's Bane sources (its card, its Items, a Player's active Codex blocks). A source
 * with no chosen colour counts nothing.
 */
function baneCount(ctx: RollCtx): number {
  const t = ctx.target;
  if (!t) return 0;
  const p = ctx.s.players[t.owner];
  const sources = [t.card, ...t.items, ...(t.id === `p${t.owner}` ? p.codexActive : [])];
  const colors = new Set<number>(sources.filter((x): x is string => x !== null && Object.hasOwn(p.bane, x)).map((x) => p.bane[x]));
  return [...ctx.attack].filter((k) => colors.has(Number(k[0]))).length;
}

export const MORE_KEYWORDS: KeywordHooks[] = [
  { id: id("0.7") }, // engine: Adaptive (runRoll asks "damage" / "discard"; a redirection)
  { id: id("0.9") }, // engine: Edit (runRoll, after success: pay 1 EN, gain a keyword of the target's faction colours)
  { id: id("1.0"), rv: (ctx) => (ctx.defense.has(id("1.0")) ? -baneCount(ctx) : 0) }, // Bane (on the defender)
  {
    id: id("1.3"), // Attuned: the EV uses the chosen friendly Animation's Focus (asked by the engine in preRoll: RULINGS R26)
    evFocus: (ctx) => {
      const chosen = ctx.c.flags.find((f) => f.startsWith("attunedUnit:"));
      const u = chosen ? ctx.api.unit(chosen.slice("attunedUnit:".length)) : null;
      if (u && u.owner === ctx.seat && !u.suppressed) return ctx.api.focusOf(u);
      // Not asked (a single candidate, or a Critical Strike / Reckless where no Focus counts): the only / highest one.
      const mine = ctx.s.players[ctx.seat].animations.filter((x) => !x.suppressed);
      if (mine.length === 0) return null;
      return Math.max(...mine.map((x) => ctx.api.focusOf(x)));
    },
  },
  { id: id("1.9") }, // engine: Translocate (afterAugment asks "roll" / "return")
  { id: id("2.2") }, // engine: Sentry (afterAugment: the hand is shown to the attacker in the view)
  { id: id("2.8") }, // engine: Rapid (endAction asks; pays 1 EN and repeats from the fuel step)
  { id: id("3.9") }, // engine: Shift (Support: move Items, one decision per move)
  { id: id("4.7") }, // engine: Flux (engine/effectValue.ts preRoll asks X, 0 .. HP left - 1; X damage markers on Your Player, +X EV; R40)
  { id: id("5.2") }, // engine: Improvisor (offerGains: a keyword of an Item you control)
  { id: id("5.6") }, // engine: Imbue (offerGains: a keyword of an active Codex block)
  { id: id("5.7"), defenderNoDiscard: (ctx, side) => side === "attack" && ctx.c.flags.includes("materialOn") }, // Material
  { id: id("7.6") }, // engine: Area (resolveArea: 1 damage to each enemy Animation, 1 EN prevents)
  { id: id("7.9") }, // engine: Split (Support: destroy a friendly Animation, Echoes equal to its Power)
  { id: id("8.9") }, // engine: Potent (runRoll asks "normal" / "potent")
  { id: id("9.3") }, // engine: Trickster (declareAttack asks the defender)
];
