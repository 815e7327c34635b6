/**
 * Achroma (Canvas rules 2.1.0) rules engine: the top-level state machine. Pure and deterministic;
 * RULINGS.md holds every decided gap (R1...). Find a rule by its rulebook name:
 *
 * | rulebook section (Canvas rules 2.1.0)                          | module              |
 * |----------------------------------------------------------------|---------------------|
 * | YOUR PALETTE, YOUR SHARD BANK, YOUR HAND: set-up, mulligan      | setup.ts            |
 * | YOUR CANVAS, HOW TO READ A CARD (Hex, Shard Value, Strength)    | canvas.ts           |
 * | GAMEPLAY / TAKING YOUR TURN: Start, End, Pass turn; draw, TRADE; who acts now | turn.ts |
 * | MAIN STEP / DEPLOYING; HEROIC CARDS on a Deploy                 | deploying.ts        |
 * | MAIN STEP / ATTACKING, COMBAT, PROTECTION, POISONOUS, MOUNT     | attacking.ts        |
 * | RESOLVE STEP, Achroma effects (Gain/Drain/Steal/Prevent), SPLAT | shards.ts           |
 * | REACTION: DEFEND, DIVERT, DISPOSE's deferred Deploys             | reaction.ts         |
 * | ACTION keyword, abilities step by step, a target DIVERT offer   | abilities.ts        |
 * | a prompt's answer, to where the prompt came from                | answers.ts          |
 * | KEYWORDS on cards on the Canvas (RESTRAIN, CLAIM, COPY, FREEZE…) | keywordsCards.ts    |
 * | KEYWORDS on Palette/hand/Dregs (FIND, DIG, REVEAL, RESEARCH…)    | keywordsPalette.ts  |
 * | ERASE; SPECIFIC GAMEPLAY RULINGS (Erase triggers); HEROIC arrivals | erase.ts         |
 * | LEAVING THE GAME (and what ends the game)                       | leaving.ts          |
 * | WINNING THE GAME: the ranks, the R12 draw                       | winning.ts          |
 * | what is legal now (validate, legalActions)                      | legality.ts         |
 * | the turn player's actions carried out, DISPOSE                  | actions.ts          |
 * | (plumbing: state copy, probing)                                 | state.ts            |
 * | decisions forced from public facts, the "pass until" stop       | forced.ts           |
 * | the seat bot's evaluation; what a decision involves (refs)      | bot.ts, refs.ts     |
 * | (not rules) the cards (data), what each seat sees               | cards.ts, view.ts   |
 * | (not rules) client catalog, action labels, wire protocol        | catalogEntries.ts, describe.ts, protocol.ts |
 * | (not rules) the games-list entry (title, seat counts)           | manifest.ts         |
 */
import type { GameEvent } from "../core/engine.ts";
import type { Action, Seat, State } from "./types.ts";
import { stepFrame } from "./abilities.ts";
import { answerPrompt } from "./answers.ts";
import { execute } from "./actions.ts";
import { continueCombat } from "./attacking.ts";
import { erasedTriggers } from "./erase.ts";
import { researchPrompt } from "./keywordsPalette.ts";
import { settle } from "./leaving.ts";
import { validate } from "./legality.ts";
import { deployDeferred, nextReaction, openWindow } from "./reaction.ts";
import { mulliganDecision } from "./setup.ts";
import { cloneState } from "./state.ts";

export * from "./abilities.ts";
export * from "./actions.ts";
export * from "./answers.ts";
export * from "./attacking.ts";
export * from "./canvas.ts";
export * from "./deploying.ts";
export * from "./erase.ts";
export * from "./keywordsCards.ts";
export * from "./keywordsPalette.ts";
export * from "./leaving.ts";
export * from "./legality.ts";
export * from "./reaction.ts";
export * from "./setup.ts";
export * from "./shards.ts";
export * from "./state.ts";
export * from "./turn.ts";

/** One decision: validated, then applied to a copy; queued effects run until the next decision. */
export function applyAction(state: State, seat: Seat, a: Action): { state: State; events: GameEvent[] } {
  validate(state, seat, a);
  const s = cloneState(state);
  const ev: GameEvent[] = [];
  if (s.phase === "mulligan") mulliganDecision(s, seat, a, ev);
  else {
    if (s.prompt) answerPrompt(s, seat, s.prompt, a, ev);
    else {
      s.reacted = []; // R35: a new opportunity to React
      if (!openWindow(s, seat, a, ev)) execute(s, seat, a, ev); // R35: others may React first
    }
    run(s, ev);
  }
  return { state: s, events: ev };
}

/** Runs queued effects until one needs a decision (sets the prompt) or none is left. */
export function run(s: State, ev: GameEvent[]): void {
  while (!s.outcome && !s.prompt) {
    if (s.erasedLog.length > 0) {
      erasedTriggers(s, ev); // R40
      continue;
    }
    if (s.combat) {
      continueCombat(s, ev);
      if (s.prompt) return;
      continue;
    }
    if (s.research) {
      researchPrompt(s, ev);
      if (s.prompt) return;
      continue;
    }
    const f = s.stack[s.stack.length - 1];
    if (f) stepFrame(s, f, ev);
    else if (s.window) nextReaction(s, ev);
    else if (!deployDeferred(s, ev)) break;
  }
  settle(s, ev);
}
