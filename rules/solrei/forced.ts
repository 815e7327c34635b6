/**
 * Forced decisions (the room makes them without asking), when having no other follows from what
 * the Rival may see: the option counts below depend on Hand size and the table, never on which
 * cards are held. SWAP's select is always asked: a face-down CHARGE card offers only "keep" where
 * an Attack Card offers the Hand (R28), and the Rival must not learn which was placed.
 */
import { legalActions } from "./prompts.ts";
import type { Action, Seat, State } from "./types.ts";

export function forcedAction(s: State, seat: Seat): Action | null {
  const pr = s.prompt;
  if (pr?.kind === "select" && pr.purpose === "swap") return null;
  const legal = legalActions(s, seat);
  return legal.length === 1 ? legal[0]! : null;
}

/**
 * "Pass until the end of the round": every priority window of the round passed (no prompt is).
 * Asked during an Act's set-up (round 0: choosing OFFENSE and the mulligans, no priority window),
 * it is for the Act's first round, the one the player is about to play.
 */
export const solreiPassStops = {
  until_end_of_round: {
    label: "Pass every priority window until the end of the round (prompts are still asked)",
    until: (s: State) => `${s.act}:${Math.max(s.round, 1)}`,
    pass: (s: State, seat: Seat): Action | null => (s.prompt === null && s.window?.priority === seat ? { type: "pass" } : null),
  },
} as const;
