/**
 * The SolRei rules (Arcade Mode): a pure state machine of small decisions — the top level.
 * `advance` runs the stages of the Show until someone has a decision to make; `applyAction`
 * dispatches one decision to its rule. Every interpretation of the rulebook: RULINGS.md.
 *
 * Where each rule lives (SolRei Official Rules V1.0 → file):
 *   II.1 Action Cards (Attack 2-10, CHARGE J Q K A) ........ actionCards.ts
 *   II.4 Art Cards, II.5 Activating Abilities and Arts, Rei . abilities.ts
 *   III.1 How to win (KO, empty deck, cannot play; the Show)  howToWin.ts
 *   III.2 Starting an Act, THE MULLIGAN RULE ................ startingAnAct.ts
 *   III.3.A START OF ROUND .................................. startOfRound.ts
 *   III.3.B OPEN PHASE ...................................... openPhase.ts
 *   III.3.C SHOWDOWN PHASE, III.4 Winning a Showdown ........ showdownPhase.ts
 *   III.3.D DAMAGE PHASE (BEFORE DAMAGE, APPLICATION, AFTER)  damagePhase.ts
 *   III.3.E CHARGE PHASE .................................... chargePhase.ts
 *   III.3.F RESET PHASE, III.3.G END OF ROUND ............... resetAndEndOfRound.ts
 *   III.5 The Exchange, III.6 Offensive priority (windows) .. exchange.ts
 *   IV.1 Public Knowledge (what each seat sees) ............. view.ts
 *   V.3 KEYWORDS (GAIN, DRAW, RETALIATE, COUNTER, ... NEGATE)  keywords.ts
 *   who may act, legal actions, choices of a prompt ......... prompts.ts
 *   events, drawing, copying the state, guards .............. state.ts
 *   config, set-ups, action shapes, timeouts (R14), the bot . index.ts
 *   decisions forced from public facts, "pass until" stop .. forced.ts (docs/play-flow.md)
 *   the seat bot's evaluation; what a decision involves ..... bot.ts, refs.ts
 *   (not rules) the cards (data); the client catalog, action labels and wire protocol:
 *     cards.ts, catalogEntries.ts, catalogEvents.ts, catalogGlossary.ts, describe.ts,
 *     protocol.ts, actionSchemas.ts; the games-list entry: manifest.ts
 */
import { RuleError, ensure } from "../core/errors.ts";
import type { GameEvent } from "../core/engine.ts";
import { filterRei, generateRei } from "./abilities.ts";
import { chargeNextSeat, chargePhase, chooseDefensiveCharge } from "./chargePhase.ts";
import { afterDamage, blockDamage, nextPointOfDamage, takeDamage } from "./damagePhase.ts";
import { activate, openWindow, pass, runFrames } from "./exchange.ts";
import { applyFrameChoice } from "./keywords.ts";
import { confirmActionCard, openPhase, placeActionCard } from "./openPhase.ts";
import { actors, selectOptions } from "./prompts.ts";
import { endOfRoundDraw, resetPhase } from "./resetAndEndOfRound.ts";
import { orderTrigger, showdown, showdownResult, showdownTriggers } from "./showdownPhase.ts";
import { readyAtStartOfRound, startOfRound } from "./startOfRound.ts";
import { askWhoStarts, chooseFirst, dealOpeningHands, decideMulligan, initialState } from "./startingAnAct.ts";
import { cloneState, describeWait, needPrompt, type ActionOf, type Events } from "./state.ts";
import type { Action, Config, Seat, SeatConfig, SelectPurpose, Stage, State } from "./types.ts";

export * from "./actionCards.ts";
export { HAND_SIZE } from "./startingAnAct.ts";
export { MAX_ACTS } from "./howToWin.ts";
export { MAX_DAMAGE } from "./damagePhase.ts";
export { activationBlocker, allSources, artQualified, canActivate, payRei, reiSources, reiTotal, sourceInfo } from "./abilities.ts";
export { actors, legalActions, selectOptions } from "./prompts.ts";
export { powerOf } from "./showdownPhase.ts";
export { cloneState, describeWait, museOf } from "./state.ts";
export type ActivateSource = "muse" | "advantage" | `art:${number}`;

// ---------------------------------------------------------------- the Show, stage by stage

/** What happens at each stage when nobody has a decision pending (in the order of a round). */
const STAGES: Record<Stage, (s: State, E: Events) => void> = {
  choose_first: askWhoStarts, //                                      III.2.C
  deal: dealOpeningHands, //                                          III.2.D, mulligan
  sor: startOfRound, //                                               III.3.A
  sor_window: (s) => openWindow(s, "START_OF_ROUND", "open"),
  open: openPhase, //                                                 III.3.B
  bs_window: (s) => openWindow(s, "BEFORE_SHOWDOWN", "reveal"), //    III.3.C
  reveal: showdown,
  triggers: showdownTriggers,
  as_window: (s) => openWindow(s, "AFTER_SHOWDOWN", "result"),
  result: showdownResult, //                                          III.4
  bd_window: (s) => openWindow(s, "BEFORE_DAMAGE", "dmg"), //         III.3.D
  dmg: nextPointOfDamage,
  ad_window: (s) => openWindow(s, "AFTER_DAMAGE", "after_ad"),
  after_ad: afterDamage,
  charge: chargePhase, //                                             III.3.E
  charge_seat: chargeNextSeat,
  charge_window: (s) => openWindow(s, "CHARGE", "reset"),
  reset: resetPhase, //                                               III.3.F
  eor_window: (s) => openWindow(s, "END_OF_ROUND", "eor_draw"), //    III.3.G
  eor_draw: endOfRoundDraw,
  over: () => {},
};

/** Moves the game on until someone has a decision to make (or the Show is over). */
export function advance(s: State, E: Events): void {
  for (let guard = 0; guard < 10_000; guard++) {
    if (s.outcome !== null || s.prompt !== null || s.stage === "over") return;
    if (s.frames.length > 0)
      runFrames(s, E); // an Exchange (or CHARGE) is resolving
    else if (s.window !== null)
      return; // someone holds priority
    else STAGES[s.stage](s, E);
  }
  throw new Error("solrei: advance did not settle");
}

export function setupState(config: Config, seats: readonly SeatConfig[], seed: string): State {
  const s = initialState(config, seats, seed);
  advance(s, []);
  return s;
}

// ---------------------------------------------------------------- decisions

type Handler<T extends Action["type"]> = (s: State, seat: Seat, action: ActionOf<T>, E: Events) => void;

const ACTIONS: { [T in Action["type"]]: Handler<T> } = {
  choose_first: chooseFirst, //        III.2.C
  keep: decideMulligan, //             THE MULLIGAN RULE
  mulligan: decideMulligan,
  place: placeActionCard, //           III.3.B
  confirm: confirmActionCard,
  pass, //                             III.5, III.6
  activate,
  rei: generateRei, //                 II.5, IV.3
  filter: filterRei,
  block: blockDamage, //               III.3.D
  take: takeDamage,
  select, //                           the choices below
};

/** The choice of a `select` prompt, by purpose. */
const CHOICES: Record<SelectPurpose, (s: State, seat: Seat, choice: string, E: Events) => void> = {
  sor_ready: readyAtStartOfRound, //   III.3.A
  charge_choice: chooseDefensiveCharge, // III.3.E
  order: orderTrigger, //              IV.4
  ready: (s, seat, choice, E) => applyFrameChoice(s, "ready", seat, choice, E), // V.3 keywords
  exhaust: (s, seat, choice, E) => applyFrameChoice(s, "exhaust", seat, choice, E),
  break: (s, seat, choice, E) => applyFrameChoice(s, "break", seat, choice, E),
  discard: (s, seat, choice, E) => applyFrameChoice(s, "discard", seat, choice, E),
  swap: (s, seat, choice, E) => applyFrameChoice(s, "swap", seat, choice, E),
  check: (s, seat, choice, E) => applyFrameChoice(s, "check", seat, choice, E),
};

function select(s: State, seat: Seat, action: ActionOf<"select">, E: Events): void {
  const pr = needPrompt(s, "select", "a choice");
  const options = selectOptions(s);
  ensure(options.includes(action.choice), "illegal_choice", `${action.choice} is not one of: ${options.join(", ")}`);
  s.prompt = null;
  CHOICES[pr.purpose](s, seat, action.choice, E);
}

export function applyAction(state: State, seat: Seat, action: Action): { state: State; events: GameEvent[] } {
  ensure(state.outcome === null, "game_over", "the Show is over");
  ensure(seat === 0 || seat === 1, "not_your_turn", `no seat ${seat}`);
  ensure(actors(state).includes(seat), "not_your_turn", `seat ${seat} cannot act now: ${describeWait(state)}`);
  const s = cloneState(state);
  const E: Events = [];
  if (!Object.hasOwn(ACTIONS, action.type)) throw new RuleError("bad_action", `unknown action ${(action as { type: string }).type}`);
  (ACTIONS[action.type] as Handler<Action["type"]>)(s, seat, action, E);
  advance(s, E);
  return { state: s, events: E };
}
