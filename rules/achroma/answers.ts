/**
 * The answer to a pending prompt (validated by legality.ts), taken where the prompt came from: an
 * ability's choice (abilities.ts), a PREVENT (shards.ts), a RESEARCH pick (keywordsPalette.ts), a
 * Reaction (reaction.ts), or a combat damage order (attacking.ts).
 */
import type { GameEvent } from "../core/engine.ts";
import type { Action, Prompt, Seat, State } from "./types.ts";
import { chosen } from "./abilities.ts";
import { researchChoice } from "./keywordsPalette.ts";
import { answerReaction } from "./reaction.ts";
import { transfer } from "./shards.ts";

/** A prompt answered: the choice goes where the prompt came from. */
export function answerPrompt(s: State, seat: Seat, pr: Prompt, a: Action, ev: GameEvent[]): void {
  s.prompt = null;
  if (pr.kind === "choose") {
    const f = s.stack[s.stack.length - 1];
    f.idx++;
    chosen(s, f, pr.step, (a as { option: string }).option, ev);
  } else if (pr.kind === "prevent") {
    const amount = (a as { amount: number }).amount;
    s.players[seat].preventUsed += amount;
    transfer(s, pr.from, seat, pr.steal, pr.amount, amount, ev);
  } else if (pr.kind === "research") {
    researchChoice(s, (a as { option: string }).option, ev);
  } else if (pr.kind === "react") {
    answerReaction(s, seat, pr, (a as { option: string }).option, ev);
  } else {
    const c = s.combat!;
    const key = pr.char === c.attacker ? "attOrder" : "defOrder";
    c[key] = [...(c[key] ?? []), (a as { option: string }).option];
  }
}
