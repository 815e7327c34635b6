/**
 * refs() and confirm() for Resonance (rules/core/refs.ts). Cards: hand and item card ids, and
 * units by their id as the view shows them ("p0" a Player, "echo-3", an Animation's id); only ids
 * the seat's view holds are named. Zones: `module` (shared; index: the module number drafted),
 * `deck` (the shared Main Deck).
 */
import { card, uniqueRefs, viewTokens, type Ref } from "../core/refs.ts";
import { resonanceCatalog } from "./catalogEntries.ts";
import { unitName } from "./describe.ts";
import { unitById } from "./engine/units.ts";
import type { Action, State } from "./types.ts";
import { viewOf } from "./view.ts";

const seen = new WeakMap<State, Map<number, Set<string | number>>>();
function visible(s: State, seat: number): Set<string | number> {
  let perSeat = seen.get(s);
  if (!perSeat) {
    perSeat = new Map();
    seen.set(s, perSeat);
  }
  let tokens = perSeat.get(seat);
  if (!tokens) {
    tokens = viewTokens(viewOf(s, seat));
    perSeat.set(seat, tokens);
  }
  return tokens;
}

export function actionRefs(s: State, seat: number, a: Action): Ref[] {
  const tokens = visible(s, seat);
  const id = (x: string | undefined | null): Ref | null => (x && tokens.has(x) ? card(x) : null);
  switch (a.type) {
    case "pick":
      return [{ kind: "zone", zone: "module", index: a.module }];
    case "attack":
      return uniqueRefs([id(a.actor), id(a.target), id(a.second), id(a.item), id(a.source)]);
    case "support":
      return uniqueRefs([id(a.actor), id(a.target), id(a.source)]);
    case "fuel":
      return uniqueRefs(a.cards.map(id));
    case "defend":
      if (a.card === "top") return [{ kind: "zone", zone: "deck" }];
      return uniqueRefs([id(a.card), id(a.sacrifice)]);
    case "defend_extra":
    case "deploy":
    case "discard":
      return uniqueRefs([id(a.card)]);
    case "choose": {
      const o = a.option;
      if (o.startsWith("card:")) return uniqueRefs([id(o.slice(5))]);
      if (o.includes(">")) return uniqueRefs(o.split(">").map(id));
      // A word option ("yes", "no", "target"...) names nothing on the table, even where a view shows it.
      if (resonanceCatalog().sections.option?.[o]) return [];
      return uniqueRefs([id(o)]);
    }
    case "purge":
    case "charge":
      return uniqueRefs([id(a.actor)]);
    case "equip":
      return uniqueRefs([id(a.item), id(a.target)]);
    case "karma":
      return uniqueRefs([id(a.unit)]);
    case "tag":
    case "slow":
      return uniqueRefs([id(a.unit)]);
    default:
      return [];
  }
}

/** Decisions that only spend a unit (nothing to remove) or that hit your own side. */
export function actionConfirm(s: State, seat: number, a: Action): string | null {
  const name = (x: string) => unitName(seat, x);
  const named = (x: string) =>
    name(x)
      .replace(/^your /, "Your ")
      .replace(/^the /, "The ");
  if (a.type === "purge" && a.removeTag === undefined && unitById(s, a.actor)?.damage === 0) {
    return `${named(a.actor)} has no damage to remove: the Purge only spends it.`;
  }
  if (a.type === "support" && unitById(s, a.target)?.damage === 0) {
    return `${named(a.target)} has no damage to remove: the Support may do nothing.`;
  }
  if (a.type === "attack" && (unitById(s, a.target)?.owner === seat || (a.second !== undefined && unitById(s, a.second)?.owner === seat))) {
    return "This attacks one of your own units.";
  }
  return null;
}
