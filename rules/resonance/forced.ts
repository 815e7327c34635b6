/**
 * Forced decisions (the room makes them without asking), when having no other follows from what
 * the other seats may see: "end" when none of the seat's units can act (all on the table), and
 * Fuel when its shape leaves one way to pay from a Hand of known size. A Critical's Fuel needs a
 * same-Power pair (the Powers are hidden), and Refresh discards pick among distinct hidden
 * cards: those are always asked.
 */
import { legalActions } from "./engine.ts";
import type { Action, State } from "./types.ts";

export function forcedAction(s: State, seat: number): Action | null {
  const c = s.combat;
  const publicStep = c ? !c.choice && c.step === "fuel" && c.kind !== "critical" : s.phase === "action";
  if (!publicStep) return null;
  const legal = legalActions(s, seat);
  return legal.length === 1 ? legal[0]! : null;
}

/** "No defence until the end of the turn": every Defend and extra Defend of the turn declined. */
export const resonancePassStops = {
  until_end_of_turn: {
    label: "Decline every Defend until the end of the turn",
    until: (s: State) => String(s.turn),
    pass: (s: State, seat: number): Action | null => {
      const c = s.combat;
      if (!c || c.choice || !legalActions(s, seat).length) return null;
      if (c.step === "defend") return { type: "defend" };
      if (c.step === "defend_extra") return { type: "defend_extra" };
      return null;
    },
  },
} as const;
