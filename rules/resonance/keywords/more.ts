/**
 * Keyword hooks, second batch: keywords whose resolution is a decision inside the Opposed Roll.
 * Most are driven by the engine at their rule point (marked "engine:"), with the decision asked
 * through a Combat choice; the pure numeric ones are hooks here.
 */
import type { KeywordHooks, RollCtx } from "./hooks.ts";
import type { KeywordId } from "../types.ts";

const id = (x: string) => x as KeywordId;

/** Bane (1.0): the attacker's best colour (RULINGS R26): the colour most represented among the attack's keywords. */
function baneCount(ctx: RollCtx): number {
  const counts = new Map<string, number>();
  for (const k of ctx.attack) counts.set(k[0], (counts.get(k[0]) ?? 0) + 1);
  return Math.max(0, ...counts.values());
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
  { id: id("4.7") }, // engine: Flux (preRoll asks X; X damage markers on Your Player, +X EV)
  { id: id("5.2") }, // engine: Improvisor (offerGains: a keyword of an Item you control)
  { id: id("5.6") }, // engine: Imbue (offerGains: a keyword of an active Codex block)
  { id: id("5.7"), defenderNoDiscard: (ctx, side) => side === "attack" && ctx.c.flags.includes("materialOn") }, // Material
  { id: id("7.6") }, // engine: Area (resolveArea: 1 damage to each enemy Animation, 1 EN prevents)
  { id: id("7.9") }, // engine: Split (Support: destroy a friendly Animation, Echoes equal to its Power)
  { id: id("8.9") }, // engine: Potent (runRoll asks "normal" / "potent")
  { id: id("9.3") }, // engine: Trickster (declareAttack asks the defender)
];
