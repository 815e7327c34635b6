/**
 * III.1 HOW TO WIN: an Act is won by KO (7 damage), by damage with an empty Action Deck, or
 * when the Rival cannot play in the OPEN PHASE (both unable: a Draw Game); the Show is won
 * by two Acts (R4, with an engine safety limit on Acts).
 */
import { pub, rival, emptyRei, type Events } from "./state.ts";
import type { ActReason, OutcomeReason } from "./protocol.ts";
import type { Seat, State } from "./types.ts";

/** Engine safety limit on Acts in one Show (see RULINGS R4). */
export const MAX_ACTS = 5;

/** Ends the Act (winner null: a Draw Game); ends the Show or hands the next Act's choice over (III.2.C). */
export function endAct(s: State, winner: Seat | null, reason: ActReason, E: Events): void {
  s.acts.push({ winner, reason });
  if (winner !== null) s.wins[winner]++;
  pub(E, "act_over", undefined, { act: s.act, winner, reason, wins: [...s.wins] });
  s.prompt = null;
  s.window = null;
  s.stack = [];
  s.frames = [];
  s.triggers = [];
  for (const p of s.players) p.rei = emptyRei();
  const done = s.wins[0] >= 2 || s.wins[1] >= 2 || s.acts.length >= MAX_ACTS;
  if (done) {
    s.stage = "over";
    const ranks = s.wins[0] === s.wins[1] ? [1, 1] : s.wins[0] > s.wins[1] ? [1, 2] : [2, 1];
    // The score stays in `wins` (and show_over): the reason is a closed set (protocol.ts).
    const showReason: OutcomeReason = ranks[0] === ranks[1] ? "show_drawn" : "won_on_acts";
    s.outcome = { ranks, reason: showReason };
    pub(E, "show_over", undefined, { ranks, wins: [...s.wins] });
    return;
  }
  // III.2.C: the loser of the previous Act chooses; after a drawn Act the other player does (R8).
  s.chooser = winner === null ? rival(s.chooser) : rival(winner);
  s.act++;
  // The finished Act's field stays on the table (and in the views) until the chooser
  // decides; choosing starts the new Act (R4).
  s.stage = "choose_first";
  s.prompt = null;
  s.chargeQueue = [];
}
