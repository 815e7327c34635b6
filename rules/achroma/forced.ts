/**
 * Forced decisions (the room makes them without asking): a seat's one decision outside a
 * prompt, when having no other follows from what the other seats may see. Every Hand card
 * could be Traded at the Start and End Steps and Deployed while fewer than 3 were, so a lone
 * "draw", "proceed" or "pass turn" is forced only with an empty Hand, or outside those steps
 * once the Deploy limit (R12) is reached. Prompts are always asked: their options may be cards
 * only the seat has seen (FIND, RESEARCH).
 */
import { DEPLOY_LIMIT, legalActions } from "./engine.ts";
import type { Action, Seat, State } from "./types.ts";

export function forcedAction(s: State, seat: Seat): Action | null {
  if (s.prompt || s.phase === "mulligan") return null;
  const legal = legalActions(s, seat);
  if (legal.length !== 1) return null;
  const stepDecision = s.phase === "start" || s.phase === "end";
  const handIdle = s.players[seat].hand.length === 0 || (!stepDecision && s.deployed >= DEPLOY_LIMIT);
  return handIdle ? legal[0]! : null;
}
