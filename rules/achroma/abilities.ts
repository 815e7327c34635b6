/**
 * ACTION keyword and abilities (R20, R41, R45): effects run step by step from the stack; a step
 * with no option fizzles, one option is taken, otherwise the player is asked. The keyword groups
 * live in keywordsCards.ts, keywordsPalette.ts and shards.ts. A chosen target may be DIVERTED
 * (R35): the offer is made here, its answer is reaction.ts's.
 */
import type { GameEvent } from "../core/engine.ts";
import type { Step } from "./cards.ts";
import type { Frame, Seat, State } from "./types.ts";
import { canvasCards, controllerOf, has, infested, ownerOf } from "./canvas.ts";
import { cardStep, cardStepOptions } from "./keywordsCards.ts";
import { paletteStep, paletteStepOptions } from "./keywordsPalette.ts";
import { settle } from "./leaving.ts";
import { bankStep, bankStepOptions } from "./shards.ts";

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

/** Steps that target a card on a Canvas: the target's controller may DIVERT them (R35). */
export const DIVERTABLE = new Set(["damage", "freeze", "curse", "claim", "restrain", "swap", "splat", "copy"]);

/** A step's option is chosen: offer DIVERT to the targeted card's controller when they can, else do the step. */
export function chosen(s: State, f: Frame, step: Step, option: string | null, ev: GameEvent[]): void {
  if (option !== null && option !== "pass" && DIVERTABLE.has(step.k) && s.units[option]) {
    const ctl = controllerOf(s, option);
    if (ctl !== null && ctl !== f.seat && ctl !== s.active && !s.reacted.includes(ctl)) {
      const legal = stepOptions(s, f.seat, step, f.source, f);
      const opts = canvasCards(s, ctl).filter((c) => c !== option && has(s, c, "divert") && !infested(s, c) && s.units[c].divertTurn !== s.turn && legal.includes(c));
      if (opts.length > 0) {
        s.divert = { option, step };
        s.prompt = { kind: "react", seat: ctl, trigger: "target", options: ["pass", ...opts.map((c) => `divert:${c}`)] };
        return;
      }
    }
  }
  doStep(s, f, step, option, ev);
}
