/**
 * III.3.A START OF ROUND (and V.1): positions swap (round 1 places the Muses, R3), round
 * effects start afresh, and the DEFENDING player may ready 1 Art (R1, R2). Its window
 * (START_OF_ROUND) follows.
 */
import { readyOne } from "./keywords.ts";
import { readyTargets } from "./prompts.ts";
import { resetRound } from "./resetAndEndOfRound.ts";
import { pub, rival, type Events } from "./state.ts";
import type { Seat, State } from "./types.ts";

/** Stage sor. */
export function startOfRound(s: State, E: Events): void {
  const def = rival(s.offense);
  if (s.round > 1) {
    s.offense = def;
    pub(E, "positions_swapped", undefined, { offense: s.offense });
  } else {
    s.offense = s.firstOffense;
  }
  for (const p of s.players) resetRound(p);
  pub(E, "round_started", undefined, { act: s.act, round: s.round, offense: s.offense });
  s.stage = "sor_window";
  const d = rival(s.offense);
  if (readyTargets(s.players[d], true).length > 0) s.prompt = { kind: "select", seat: d, purpose: "sor_ready", left: 1 };
}

/** The defender's optional ready (select purpose sor_ready; "none" skips, R2). */
export function readyAtStartOfRound(s: State, seat: Seat, choice: string, E: Events): void {
  const p = s.players[seat];
  if (choice !== "none") readyOne(p, seat, choice, E);
  else pub(E, "ready_skipped", seat, {});
}
