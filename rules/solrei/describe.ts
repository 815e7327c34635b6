/**
 * describe(): a short label in words for one of a seat's legal actions ("Place 7♠ face down",
 * "Activate Crescent Rend (♠ + 1 any)", "Block with 3♣"), built from the catalog and from
 * what `seat` may see only: its own cards, and the Rival's face-up Arts and damage.
 */
import { lookup } from "../core/catalog.ts";
import { ADVANTAGES, ARTS, MUSES, SUIT_SYMBOL, costText } from "./cards.ts";
import { cardSuit } from "./actionCards.ts";
import { solreiCatalog } from "./catalogEntries.ts";
import type { Action, PlayerState, Seat, State } from "./types.ts";

/** The display name of a playing card ("7♠"); the id itself if unknown. */
function card(id: string): string {
  return solreiCatalog().sections.card[id]?.name ?? id;
}

function artName(p: PlayerState, slot: number): string {
  const a = p.arts[slot];
  return a ? (ARTS[a.id]?.name ?? `Art ${slot + 1}`) : `Art ${slot + 1}`;
}

/** A Rei source of `p` ("h:<card>" or "d:<index>"). */
function reiSource(p: PlayerState, src: string): string {
  if (src.startsWith("h:")) return card(src.slice(2));
  const d = p.damage[Number(src.slice(2))];
  return d ? `damage ${card(d.card)}` : src;
}

/** "art:<slot>" / "dmg:<index>" of player `p` ("the Rival's " prefix when `whose` is given). */
function target(p: PlayerState, ref: string, whose = ""): string {
  const i = Number(ref.slice(ref.indexOf(":") + 1));
  if (ref.startsWith("art:")) return `${whose}${artName(p, i)}`;
  const d = p.damage[i];
  return `${whose}damage ${d ? card(d.card) : `#${i + 1}`}`;
}

function sourceName(p: PlayerState, source: string): string {
  if (source === "muse") return `${MUSES[p.muse]?.name ?? "your Muse"}'s ability`;
  if (source === "advantage") return ADVANTAGES[p.advantage]?.name ?? "your Advantage";
  return artName(p, Number(source.slice(source.indexOf(":") + 1)));
}

function abilityCost(p: PlayerState, source: string): string {
  const ab = source === "muse" ? MUSES[p.muse]?.ability : source === "advantage" ? ADVANTAGES[p.advantage]?.ability : ARTS[p.arts[Number(source.slice(4))]?.id]?.ability;
  return ab ? costText(ab.cost) : "";
}

function select(s: State, seat: Seat, choice: string): string {
  const pr = s.prompt;
  const me = s.players[seat];
  const rival = s.players[1 - seat];
  const purpose = pr && pr.kind === "select" ? pr.purpose : null;
  switch (purpose) {
    case "sor_ready":
      return choice === "none" ? "Ready nothing" : `Ready ${target(me, choice)}`;
    case "charge_choice":
      return choice === "ready" ? "Ready 1 Art or damage" : "Draw 1 card";
    case "ready": {
      // READY resolves for the ability's owner (the chooser).
      return `Ready ${target(me, choice)}`;
    }
    case "exhaust":
      return `Exhaust ${target(rival, choice, "the Rival's ")}`;
    case "break":
      return `Break ${target(rival, choice, "the Rival's ")}`;
    case "discard":
      return `Discard ${card(choice)}`;
    case "swap":
      return choice === "keep" ? "Keep your CHARGE card" : `Swap your Action Card for ${card(choice)}`;
    case "check": {
      const [where, c] = [choice.slice(0, choice.indexOf(":")), choice.slice(choice.indexOf(":") + 1)];
      return where === "top" ? `Put ${card(c)} on top of your deck` : `Put ${card(c)} on the bottom of your deck`;
    }
    case "order":
      return `Put ${sourceName(me, choice)} on the Exchange next`;
    default:
      return `Choose ${lookup(solreiCatalog(), choice)?.name ?? choice}`;
  }
}

/** The label of one of `seat`'s legal actions. */
export function describeAction(s: State, seat: Seat, action: Action): string {
  const me = s.players[seat];
  switch (action.type) {
    case "choose_first":
      return action.seat === seat ? "Be on OFFENSE first" : "Let the Rival be on OFFENSE first";
    case "keep":
      return "Keep your opening hand";
    case "mulligan":
      return "Mulligan: draw a new hand";
    case "place":
      return me.placed === null ? `Place ${card(action.card)} face down` : `Change your Action Card to ${card(action.card)}`;
    case "confirm":
      return me.placed !== null ? `Confirm ${card(me.placed)} as your Action Card` : "Confirm your Action Card";
    case "pass":
      return "Pass";
    case "activate": {
      const src = action.source === "art" ? `art:${action.slot ?? 0}` : action.source;
      const cost = abilityCost(me, src);
      return `Activate ${sourceName(me, src)}${cost ? ` (${cost})` : ""}`;
    }
    case "rei": {
      const c = action.source.startsWith("h:") ? action.source.slice(2) : me.damage[Number(action.source.slice(2))]?.card;
      const suit = c ? SUIT_SYMBOL[cardSuit(c)] : "";
      return `${action.source.startsWith("h:") ? "Discard" : "Exhaust"} ${reiSource(me, action.source)} for 1 ${suit} Rei`.replace("  ", " ");
    }
    case "filter": {
      const align = MUSES[me.muse] ? SUIT_SYMBOL[MUSES[me.muse].alignment] : "";
      return `Filter ${reiSource(me, action.sources[0])} and ${reiSource(me, action.sources[1])} for 1 ${align} Rei`;
    }
    case "block":
      return action.source.startsWith("h:") ? `Block with ${reiSource(me, action.source)}` : `Block by breaking ${reiSource(me, action.source)}`;
    case "take":
      return action.from === "deck" ? "Take the damage from your deck" : `Take the damage with ${card(action.card)} from your hand`;
    case "select":
      return select(s, seat, action.choice);
  }
}
