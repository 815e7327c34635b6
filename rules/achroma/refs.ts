/**
 * refs() and confirm() for Achroma (rules/core/refs.ts). Cards are named by their instance uid,
 * as the seat's own view shows them (hand, Canvases, Dregs, what it is looking at); a uid the seat
 * cannot see is never named. Zones: `canvas` and `palette` of a seat. Players as `seat` refs.
 */
import { card, uniqueRefs, viewTokens, type Ref } from "../core/refs.ts";
import { CARDS } from "./cards.ts";
import { controllerOf } from "./canvas.ts";
import type { Action, Seat, State } from "./types.ts";
import { viewOf } from "./view.ts";

/** The uids `seat` sees now, cached per state object (the room asks for every legal action at once). */
const seen = new WeakMap<State, Map<Seat, Set<string | number>>>();
function visible(s: State, seat: Seat): Set<string | number> {
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

export function actionRefs(s: State, seat: Seat, a: Action): Ref[] {
  const tokens = visible(s, seat);
  const uid = (id: string | undefined): Ref | null => (id !== undefined && Object.hasOwn(s.cards, id) && tokens.has(id) ? card(id) : null);
  switch (a.type) {
    case "deploy":
      return uniqueRefs([uid(a.card), a.target === undefined ? { kind: "zone", zone: "canvas", seat } : uid(a.target)]);
    case "trade":
    case "resolve":
    case "resolve_given":
    case "activate":
    case "menagerie":
    case "dispose":
      return uniqueRefs([uid(a.card)]);
    case "attack":
      return uniqueRefs([uid(a.attacker), uid(a.defender)]);
    case "hunt":
      return uniqueRefs([uid(a.hunter), uid(a.target)]);
    case "mount":
      return uniqueRefs([uid(a.rider), uid(a.steed)]);
    case "unveil":
      return uniqueRefs([uid(a.keeper)]);
    case "draw":
      return [{ kind: "zone", zone: "palette", seat }];
    case "react": {
      const at = a.option.indexOf(":");
      return at < 0 ? [] : uniqueRefs([uid(a.option.slice(at + 1))]);
    }
    case "choose": {
      const o = a.option;
      const pr = s.prompt;
      if (pr?.kind === "order") return uniqueRefs([uid(o), uid(pr.char)]);
      if (pr?.kind === "choose" && pr.step.k === "unveiled" && o === "canvas") return [{ kind: "zone", zone: "canvas", seat }];
      if (/^\d$/.test(o) && Number(o) < s.players.length) return [{ kind: "seat", seat: Number(o) }];
      return uniqueRefs([uid(o)]);
    }
    default:
      return [];
  }
}

/** Equipment (any non-character) deployed onto a card another player controls: it helps them. */
export function actionConfirm(s: State, seat: Seat, a: Action): string | null {
  if (a.type !== "deploy" || a.target === undefined) return null;
  const def = CARDS[s.cards[a.card]?.def ?? ""];
  if (!def || def.type === "character") return null;
  const owner = controllerOf(s, a.target);
  if (owner === null || owner === seat) return null;
  return `${def.name} would go on Player ${owner + 1}'s card, not yours.`;
}
