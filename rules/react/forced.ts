/**
 * Forced decisions (the room makes them without asking): the Turn Player's or the reactor's one
 * decision, when having no other follows from what the opponent may see. A hand of unknown
 * cards could hold an Intention or a Reaction, so a lone "pass" or "end turn" is forced only
 * when the hand is empty, or when no card of the Artist's deck list (public) could be played now.
 */
import { deckList } from "./cards.ts";
import { legalActions } from "./engine.ts";
import { playOptions } from "./reactChain.ts";
import type { Action, Seat, State } from "./types.ts";

export function forcedAction(s: State, seat: Seat): Action | null {
  const legal = legalActions(s, seat);
  if (legal.length !== 1) return null;
  // Masterpiece progressions and Pivoting Step's choice read only the Field.
  if (s.prompt) return legal[0]!;
  const p = s.players[seat];
  if (p.hand.length === 0) return legal[0]!;
  const anyCard = [...new Set(deckList(p.artist) ?? [])].filter((uid) => uid.endsWith("#1"));
  const probe: State = { ...s, players: s.players.map((q, i) => (i === seat ? { ...q, hand: anyCard } : q)) as State["players"] };
  return playOptions(probe, seat, s.reactor !== null ? "reaction" : "intention").length === 0 ? legal[0]! : null;
}

/** "No Reactions until the end of the turn": the reactor's pass on every React Chain of the turn. */
export const reactPassStops = {
  until_end_of_turn: {
    label: "Pass on every React Chain until the end of the turn (no Reactions)",
    until: (s: State) => String(s.turn),
    pass: (s: State, seat: Seat): Action | null => (s.prompt === null && s.reactor === seat ? { type: "pass" } : null),
  },
} as const;
