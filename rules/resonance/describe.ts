/**
 * Labels for legal actions (engine contract `describe`): short words a player reads, built from
 * the catalog. Only the action itself (one of `seat`'s own legal actions), the seat's own hand
 * and public table facts are used: never another seat's hidden cards or the Main Deck order.
 */
import type { CatalogEntry } from "../core/catalog.ts";
import { resonanceCatalog } from "./catalogEntries.ts";
import { deployCost, equipCost } from "./engine.ts";
import type { Action, State } from "./types.ts";

function entry(kind: string, id: string): CatalogEntry | undefined {
  return resonanceCatalog().sections[kind]?.[id];
}
const nameOf = (kind: string, id: string): string => entry(kind, id)?.name ?? id;

/** A unit by id, as `seat` calls it: "your Player", "the Player in seat 2", a card name, "Echo 3". */
export function unitName(seat: number, id: string): string {
  const m = /^p(\d+)$/.exec(id);
  if (m) return Number(m[1]) === seat ? "your Player" : `the ${nameOf("player", id)}`;
  const e = /^echo-(\d+)$/.exec(id);
  if (e) return `Echo ${e[1]}`;
  return nameOf("card", id);
}

function optionLabel(seat: number, purpose: string, option: string): string {
  if (option.startsWith("card:")) return nameOf("card", option.slice(5));
  if (option.startsWith("color:")) return nameOf("colour", option.slice(6));
  if (purpose === "shift" && option.includes(">")) {
    const [item, to] = option.split(">");
    return `move ${nameOf("card", item)} to ${unitName(seat, to)}`;
  }
  if (/^\d\.\d$/.test(option)) return purpose === "immunized" ? nameOf("tag", option) : `${nameOf("keyword", option)} (${option})`;
  if (purpose === "flux" && /^\d+$/.test(option)) return option === "1" ? "take 1 damage (+1 EV)" : `take ${option} damage (+${option} EV)`;
  const word = entry("option", option);
  if (word) return word.name;
  return unitName(seat, option);
}

export function describeAction(s: State, seat: number, a: Action): string {
  const u = (id: string) => unitName(seat, id);
  const c = (id: string) => nameOf("card", id);
  switch (a.type) {
    case "pick":
      return `Draft module ${a.module}: ${nameOf("module", String(a.module))}`;
    case "attack": {
      let t = `${a.critical ? "Critical Strike" : "Attack"} ${u(a.target)}${a.second ? ` and ${u(a.second)}` : ""} with ${u(a.actor)}`;
      if (a.item) t += `, aiming at ${c(a.item)}`;
      if (a.source) t += `, channelling ${u(a.source)}`;
      return t;
    }
    case "support":
      return `Support ${u(a.target)} with ${a.target === a.actor ? "itself" : u(a.actor)}${a.source ? `, channelling ${u(a.source)}` : ""}`;
    case "augment":
      return `Augment with ${nameOf("keyword", a.keyword)} (${a.keyword})${a.tag ? " from the Augment Tag" : ""}`;
    case "augment_done":
      return "Done augmenting";
    case "fuel":
      return a.cards.length ? `Fuel with ${a.cards.map(c).join(" + ")}` : "Fuel with no card";
    case "gamble":
      return a.reveal ? "Gamble: reveal a card (+1 EV, 1 damage)" : "Stop gambling";
    case "defend":
      if (a.sacrifice) return `Sacrifice ${c(a.sacrifice)} to defend`;
      if (a.card === "top") return "Defend with the top card of the Main Deck";
      return a.card ? `Defend with ${c(a.card)}` : "Do not defend";
    case "defend_extra":
      return a.card ? `Also defend with ${c(a.card)}` : "No extra defence";
    case "choose": {
      const purpose = s.combat?.choice?.seat === seat ? s.combat.choice.purpose : "";
      const head = purpose ? nameOf("choice", purpose) : "Choose";
      return `${head}: ${optionLabel(seat, purpose, a.option)}`;
    }
    case "purge":
      return a.removeTag ? `Purge ${nameOf("tag", a.removeTag)} from ${u(a.actor)}` : `Purge ${u(a.actor)}`;
    case "charge":
      return `Charge with ${u(a.actor)}`;
    case "deploy":
      return `Deploy ${c(a.card)} (${deployCost(s, seat, a.card)} EN)`;
    case "equip":
      if (s.players[seat]?.hand.includes(a.item)) return `Equip ${c(a.item)} on ${u(a.target)} (${equipCost(s, seat, a.item)} EN)`;
      return `Move ${c(a.item)} to ${u(a.target)}`;
    case "karma":
      return `Karma: ${nameOf("karma", a.spend)}${a.unit ? ` ${u(a.unit)}` : ""}`;
    case "tag":
      return `Use the ${nameOf("tag_use", a.use)} Tag on ${u(a.unit)}`;
    case "slow":
      return a.pay ? `Pay 1 EN to remove the Slow Tag from ${u(a.unit)}` : `Leave ${u(a.unit)} slowed`;
    case "discard":
      return `Discard ${c(a.card)}`;
    case "end":
      return "End turn";
  }
}
