/**
 * ACTION keyword and abilities (R20, R41, R45): effects run step by step from the stack; a step
 * with no option fizzles, one option is taken, otherwise the player is asked. The keyword groups
 * live in keywordsCards.ts, keywordsPalette.ts and shards.ts. Also the answers to every prompt.
 */
import type { GameEvent } from "../core/engine.ts";
import { type Step } from "./cards.ts";
import type { Action, Frame, Prompt, Seat, State } from "./types.ts";
import { ownerOf } from "./canvas.ts";
import { cardStep, cardStepOptions } from "./keywordsCards.ts";
import { paletteStep, paletteStepOptions, researchChoice } from "./keywordsPalette.ts";
import { settle } from "./leaving.ts";
import { answerReaction, chosen } from "./reaction.ts";
import { bankStep, bankStepOptions, transfer } from "./shards.ts";

export function stepOptions(s: State, seat: Seat, step: Step, source: string, f?: Frame): string[] {
  if (BANK_KINDS.has(step.k)) return bankStepOptions(s, seat, step, source);
  if (PALETTE_KINDS.has(step.k)) return paletteStepOptions(s, seat, step);
  return cardStepOptions(s, seat, step, source, f);
}

export function doStep(s: State, f: Frame, step: Step, option: string | null, ev: GameEvent[]): void {
  if (option === "pass") {
    ev.push({ type: "pass", seat: f.seat, step: step.k }); // R41: "you may"
    return;
  }
  if (BANK_KINDS.has(step.k)) bankStep(s, f, step, option, ev);
  else if (PALETTE_KINDS.has(step.k)) paletteStep(s, f, step, option, ev);
  else cardStep(s, f, step, option, ev);
}

const BANK_KINDS = new Set(["gain", "drain", "steal", "gain_count", "splat"]);
const PALETTE_KINDS = new Set(["draw", "find", "dig", "trade", "deploy_free", "reveal", "research"]);
const NO_CHOICE = new Set(["gain", "draw", "reveal", "research", "gain_count"]);
const BANK_STEPS = new Set(["gain", "drain", "steal", "gain_count"]);
/** R45: choices among hidden cards (Palette, hand) are always asked, even with one option, so nobody learns how many there were. */
export const HIDDEN_CHOICES: ReadonlySet<string> = new Set(["find", "trade", "deploy_free", "replace"]);

/** The next step of the top frame: done, fizzled (R18, R20), taken, or asked. */
export function stepFrame(s: State, f: Frame, ev: GameEvent[]): void {
  if (f.idx >= f.steps.length) {
    s.stack.pop();
    if (s.resolving.includes(f.source)) {
      s.resolving = s.resolving.filter((c) => c !== f.source);
      s.players[ownerOf(s, f.source)].dregs.push(f.source);
    }
    return;
  }
  const step = f.steps[f.idx];
  // R18: a FROZEN card cannot Gain, Drain or Steal, by its abilities either (MENAGERIE, Erase triggers, Pay X).
  // An INFEST ability is the HOST's (its `resolve` checks the HOST), so a PARASITE source is not checked here.
  if (BANK_STEPS.has(step.k) && s.units[f.source]?.frozen && !Object.values(s.parasites).includes(f.source)) {
    f.idx++;
    ev.push({ type: "fizzle", seat: f.seat, step: step.k, frozen: f.source });
    settle(s, ev);
    return;
  }
  const needsChoice = !NO_CHOICE.has(step.k);
  if (!needsChoice && !step.may) {
    f.idx++;
    doStep(s, f, step, null, ev);
  } else if (!needsChoice) {
    s.prompt = { kind: "choose", seat: f.seat, step, options: ["pass", "do"], optional: true };
  } else {
    const options = stepOptions(s, f.seat, step, f.source, f);
    if (options.length === 0) {
      f.idx++;
      ev.push({ type: "fizzle", seat: f.seat, step: step.k });
      if (step.k === "sacrifice") f.idx = f.steps.length; // R24: unpaid SACRIFICE cancels the ability
      if (step.k === "unveiled") {
        s.unveiling = s.unveiling.filter((c) => c !== step.card);
        s.players[ownerOf(s, step.card)].dregs.push(step.card);
      }
    } else if (options.length === 1 && !HIDDEN_CHOICES.has(step.k) && !step.may) {
      f.idx++;
      chosen(s, f, step, options[0], ev);
    } else if (step.may && step.k !== "splat") {
      s.prompt = { kind: "choose", seat: f.seat, step, options: ["pass", ...options], optional: true };
    } else {
      s.prompt = { kind: "choose", seat: f.seat, step, options, optional: false };
    }
  }
  settle(s, ev);
}

/** A prompt answered (validated): the choice goes where the prompt came from. */
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
