/**
 * Appendix C keywords with their own process: Edit (0.9), Area (7.6), Split (7.9), Shift (3.9).
 */
import { card, moduleByNumber } from "../catalog.ts";
import type { KeywordId, State, Unit } from "../types.ts";
import { ask } from "./choices.ts";
import { dealDamage, destroy } from "./damage.ts";
import { K, type Events } from "./definitions.ts";
import { gainKarma } from "./karma.ts";
import { blessable } from "./tags.ts";
import { itemLimit, powerOf } from "./unitStats.ts";
import { isPlayerUnit, newUnit, opponentsOf, unitById } from "./units.ts";
import type { Stage } from "./stages.ts";

export const EDIT_EXCLUDED: ReadonlySet<KeywordId> = new Set([
  K.exploit,
  K.multiply,
  K.deadeye,
  K.traveller,
  K.channel,
  K.area,
  K.translocate,
  K.gamble,
  K.flux,
  K.material,
  K.potent,
  K.edit,
  K.adaptive,
  K.rapid,
  K.imbue,
  K.improvisor,
  K.indirect,
  K.stealthy,
] as KeywordId[]);

/** Edit (0.9, RULINGS R25): an Animation's faction is its module's colours; a Player's, its three colours. */
export function factionColors(s: State, u: Unit): number[] {
  if (isPlayerUnit(u)) {
    const p = s.players[u.owner];
    return [p.primary, ...p.secondary];
  }
  if (!u.card) return [];
  const m = moduleByNumber(card(u.card).module);
  return m ? [...m.colors] : [];
}

/** Area (7.6): 1 damage to each enemy Animation, each preventable by its owner for 1 EN. */
export function resolveArea(s: State, ev: Events): Stage | null {
  const c = s.combat!;
  c.targets = [];
  ev.push({ type: "area", seat: c.seat });
  for (const u of opponentsOf(s, c.seat).flatMap((p) => p.animations)) {
    // R33 / R47: "pay" (1 EN) and "bless" (its Bless Tag, no Ward) prevent the damage; "take" takes it.
    const options = [...(blessable(s, u) ? ["bless"] : []), "take", ...(s.players[u.owner].en >= 1 ? ["pay"] : [])];
    if (options.length > 1) ask(s, "area", u.owner, options, "end", { unit: u.id });
    else {
      const placed = dealDamage(s, u, 1, { preventable: true, by: c.seat, bless: "keep" }, ev);
      if (placed > 0 && !c.karmaGiven && s.combat) {
        c.karmaGiven = true;
        gainKarma(s, c.seat, ev, "dealt damage");
      }
    }
  }
  if (!s.combat || s.outcome) return null;
  return c.choice ? null : "end";
}

/** Split (7.9): destroy a friendly Animation, then Echo tokens (P1/F1, readied, outside the Command Limit) equal to its Power. */
export function doSplit(s: State, unitId: string, ev: Events): void {
  const c = s.combat!;
  const u = unitById(s, unitId);
  if (!u) return;
  const n = powerOf(s, u);
  destroy(s, u, null, ev);
  const p = s.players[c.seat];
  for (let i = 0; i < n; i++) {
    s.echoes++;
    p.animations.push(newUnit(`echo-${s.echoes}`, null, c.seat));
  }
  ev.push({ type: "split", seat: c.seat, unit: unitId, echoes: n });
}

export function shiftOptions(s: State, seat: number): string[] {
  const p = s.players[seat];
  const units = [p.self, ...p.animations];
  const out: string[] = [];
  for (const u of units) for (const i of u.items) for (const t of units) if (t.id !== u.id && t.items.length < itemLimit(s, t)) out.push(`${i}>${t.id}`);
  return out;
}
