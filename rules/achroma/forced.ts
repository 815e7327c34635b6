/**
 * Forced decisions (the room makes them without asking): a seat's one decision outside a
 * prompt, when having no other follows from what the other seats may see. The Hand is hidden,
 * so a lone "draw", "proceed" or "pass turn" is forced only when no Hand could add a decision:
 * an empty one, or one where no card of the whole card pool could be Traded, Deployed or
 * Mounted now (the Deploy limit, R12, reached; no Shards for even the cheapest...). Prompts are
 * always asked: their options may be cards only the seat has seen (FIND, RESEARCH).
 */
import { CARDS } from "./cards.ts";
import { legalActions } from "./engine.ts";
import type { Action, Seat, State } from "./types.ts";

/** One made-up Hand card of every card in the game: whatever the seat holds is among them. */
const POOL = Object.keys(CARDS).map((def) => ({ uid: `any:${def}`, def }));

export function forcedAction(s: State, seat: Seat): Action | null {
  if (s.prompt || s.phase === "mulligan") return null;
  const legal = legalActions(s, seat);
  if (legal.length !== 1) return null;
  if (s.players[seat].hand.length === 0) return legal[0]!;
  const cards = { ...s.cards };
  for (const c of POOL) cards[c.uid] = { def: c.def, owner: seat };
  const players = s.players.map((p, i) => (i === seat ? { ...p, hand: POOL.map((c) => c.uid) } : p)) as State["players"];
  return legalActions({ ...s, cards, players }, seat).length === 1 ? legal[0]! : null;
}

/** "No Reactions until the end of the turn": every Reaction opportunity of the turn passed (R35). */
export const achromaPassStops = {
  until_end_of_turn: {
    label: "Pass every Reaction opportunity until the end of the turn",
    until: (s: State) => String(s.turn),
    pass: (s: State, seat: Seat): Action | null => (s.prompt?.kind === "react" && s.prompt.seat === seat ? { type: "react", option: "pass" } : null),
  },
} as const;
