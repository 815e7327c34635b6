/**
 * Re;ACT rules: the top-level state machine. Pure; works on a copy of the state.
 *
 * Where each rule lives, by the rulebook's own section names (the Re;ACT rulebook;
 * rulings R1-R28 in RULINGS.md):
 *
 *   Setting up the Game (1-9, opening hand, first game)   setup.ts
 *   The Field; glossary Zone, Adjacent                     field.ts
 *   Each turn has 4 Phases; Start of Turn effects;
 *     4. End Phase                                         turn.ts
 *   1. Masterpiece Phase (Progressing, Ascend, Descend)    masterpiece.ts
 *   2. Draw Phase; glossary Draw, Hand, Deck               draw.ts
 *   3. Main Phase: 3.1 Intentions, 3.2 Reactions, Effect
 *     Costs, 3.3 Building / 3.4 Resolving the React Chain  reactChain.ts
 *   Reading Your Cards (Card Effect); Rules for
 *     Resolving Effects (every card Step)                  effects.ts
 *   Rules for Movement (Move, Jump); Swap, Pivoting Step's
 *     choice (R9); the Painter's Armament (R22)            movement.ts
 *   Rules for Summons (Summoning)                          summons.ts
 *   Damage (Artist), Damage (Summons)                      damage.ts
 *   Tokens (Ink, Scale + the Dancer's Fish)                tokens.ts
 *   Zone Tiles (the Tagger's Murals)                       zoneTiles.ts
 *   Block Tokens                                           blockTokens.ts
 *   Exhaust, Refresh                                       exhaust.ts
 *   Ending the Game; Ties; turn limit (R14)                ending.ts
 *   Artists, Reference Sheets, Action/Ability Cards (data) cards.ts
 *   (not rules) legality check, state copy, views, room API
 *                               legality.ts, clone.ts, view.ts, index.ts
 *   (not rules) client catalog, action labels (docs/react.md), wire protocol schemas
 *                               catalogEntries.ts, catalogGlossary.ts, describe.ts, protocol.ts
 *   (not rules) the games-list entry (title, seat counts)   manifest.ts
 *   Forced decisions and the "pass until" stop (docs/play-flow.md)  forced.ts
 *   (not rules) the seat bot's evaluation (docs/bots.md); what each decision
 *     involves, for clients (refs)                         bot.ts, refs.ts
 *
 * The state machine: the game waits on a prompt (Masterpiece progression, or Pivoting Step's
 * choice), else on the reactor while a React Chain builds, else on the Turn Player in the Main Phase.
 */
import type { GameEvent } from "../core/engine.ts";
import { canonicalJson } from "../core/hash.ts";
import { RuleError } from "../core/errors.ts";
import { cloneState } from "./clone.ts";
import { drawPhase } from "./draw.ts";
import { illegalReason, isLegal } from "./legality.ts";
import { applyProgress, progressOptions } from "./masterpiece.ts";
import { pickSwap, swapOptions } from "./movement.ts";
import { passReaction, playCard, playOptions, resolveChain } from "./reactChain.ts";
import { endTurn } from "./turn.ts";
import type { Action, Seat, State } from "./types.ts";

export { setupState } from "./setup.ts";

export function actors(s: State): Seat[] {
  if (s.outcome) return [];
  if (s.prompt) return [s.prompt.seat];
  if (s.reactor !== null) return [s.reactor];
  return [s.turnPlayer];
}

/** The choices of a pending prompt (for its seat). */
export function promptOptions(s: State, seat: Seat): Action[] {
  return s.prompt?.kind === "swap" ? swapOptions(s, seat) : progressOptions(s, seat);
}

export function legalActions(s: State, seat: Seat): Action[] {
  if (!actors(s).includes(seat)) return [];
  if (s.prompt) return promptOptions(s, seat);
  if (s.reactor !== null) return [{ type: "pass" }, ...playOptions(s, seat, "reaction")];
  return [...playOptions(s, seat, "intention"), { type: "end_turn" }];
}

export function applyAction(input: State, seat: Seat, action: Action): { state: State; events: GameEvent[] } {
  if (input.outcome) throw new RuleError("game_over", "the game is over");
  if (!actors(input).includes(seat)) throw new RuleError("not_your_turn", `seat ${seat} may not act now (waiting for seat ${actors(input).join(",")})`);
  if (!isLegal(action, () => legalActions(input, seat))) {
    throw new RuleError("illegal_move", `${canonicalJson(action)} is not legal now: ${illegalReason(input, seat, action)}`);
  }
  const s = cloneState(input);
  const ev: GameEvent[] = [];
  switch (action.type) {
    case "mp_place":
    case "mp_swap":
    case "mp_pass": {
      // A progression (Masterpiece Phase or an effect), then the Draw Phase or the rest of the chain.
      const then = s.prompt!.then;
      s.prompt = null;
      applyProgress(s, seat, action, ev);
      if (then === "draw") drawPhase(s, ev);
      else resolveChain(s, ev);
      break;
    }
    case "swap_pick":
      // Pivoting Step's choice (R9), then the rest of the chain.
      s.prompt = null;
      pickSwap(s, seat, action.zone, ev);
      resolveChain(s, ev);
      break;
    case "end_turn":
      endTurn(s, ev);
      break;
    case "pass":
      passReaction(s, seat, ev);
      break;
    case "play":
      playCard(s, seat, action, ev);
      break;
  }
  return { state: s, events: ev };
}
