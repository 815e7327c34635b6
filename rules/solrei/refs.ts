/**
 * refs(): what one of a seat's legal SolRei actions involves, for clients that act on the table
 * (rules/core/refs.ts). Cards are named by their ids (your hand, your Action Card, the cards
 * you check, face-up damage); places without a card id of their own are zones: `muse`,
 * `advantage`, `art` (index: the slot) and `deck`, each of a seat.
 */
import { card, uniqueRefs, type Ref } from "../core/refs.ts";
import type { Action, Seat, State } from "./types.ts";

/** A Rei or block source ("h:<card>" from the hand, "d:<index>" a damage card of `seat`). */
function source(s: State, seat: Seat, src: string): Ref | null {
  if (src.startsWith("h:")) return card(src.slice(2));
  return card(s.players[seat].damage[Number(src.slice(2))]?.card);
}

/** "art:<slot>" / "dmg:<index>" of `seat`. */
function target(s: State, seat: Seat, ref: string): Ref | null {
  const i = Number(ref.slice(ref.indexOf(":") + 1));
  if (ref.startsWith("art:")) return { kind: "zone", zone: "art", seat, index: i };
  if (ref.startsWith("dmg:")) return card(s.players[seat].damage[i]?.card);
  return null;
}

/** An ability source: "muse", "advantage" or "art:<slot>". */
function abilitySource(seat: Seat, src: string): Ref {
  if (src === "muse" || src === "advantage") return { kind: "zone", zone: src, seat };
  return { kind: "zone", zone: "art", seat, index: Number(src.slice(src.indexOf(":") + 1)) };
}

function select(s: State, seat: Seat, choice: string): (Ref | null)[] {
  const pr = s.prompt;
  const rival = (1 - seat) as Seat;
  switch (pr && pr.kind === "select" ? pr.purpose : null) {
    case "sor_ready":
    case "ready":
      return [target(s, seat, choice)];
    case "charge_choice":
      return choice === "ready" ? [] : [{ kind: "zone", zone: "deck", seat }];
    case "exhaust":
    case "break":
      return [target(s, rival, choice)];
    case "discard":
      return [card(choice)];
    case "swap":
      return [card(choice === "keep" ? s.players[seat].placed : choice)];
    case "check": {
      const c = choice.slice(choice.indexOf(":") + 1);
      return [card(c), { kind: "zone", zone: "deck", seat }];
    }
    case "order":
      return [abilitySource(seat, choice)];
    default:
      return [];
  }
}

export function actionRefs(s: State, seat: Seat, a: Action): Ref[] {
  switch (a.type) {
    case "choose_first":
      return [{ kind: "seat", seat: a.seat }];
    case "keep":
    case "mulligan":
    case "pass":
      return [];
    case "place":
      return [card(a.card)].filter((r): r is Ref => r !== null);
    case "confirm":
      return uniqueRefs([card(s.players[seat].placed)]);
    case "activate":
      return [abilitySource(seat, a.source === "art" ? `art:${a.slot ?? 0}` : a.source)];
    case "rei":
    case "block":
      return uniqueRefs([source(s, seat, a.source)]);
    case "filter":
      return uniqueRefs(a.sources.map((x) => source(s, seat, x)));
    case "take":
      return a.from === "deck" ? [{ kind: "zone", zone: "deck", seat }] : uniqueRefs([card(a.card)]);
    case "select":
      return uniqueRefs(select(s, seat, a.choice));
  }
}
