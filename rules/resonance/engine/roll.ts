/**
 * 4.3 The Opposed Roll, step by step, and the actions around it (4.2.1-4.2.3): the order of the
 * steps. Each step lives in its rulebook section's module, does its part and returns the step
 * that comes next, or null when the action waits for a decision (or is over); `run` goes on
 * from step to step. So no step module calls the next one: the order is this one table.
 *
 *   declare (attack.ts, support.ts) -> augment -> after_augment -> (support | area | fuel)
 *   fuel -> preroll (EV, Gamble, Flux) -> start_roll -> roll (RV, resolution) -> continue
 *   continue -> next_target -> start_roll ... -> end; support -> support_end -> continue
 */
import type { State } from "../types.ts";
import { afterAugment, toAugmentOrFuel } from "./augmentation.ts";
import { startRoll } from "./defenderReaction.ts";
import type { Events } from "./definitions.ts";
import { preRoll } from "./effectValue.ts";
import { toFuel } from "./fuel.ts";
import { resolveArea } from "./keywordProcesses.ts";
import { continueAfterChoices, endAction, nextTarget, runRoll } from "./resolution.ts";
import type { Stage } from "./stages.ts";
import { endSupport, resolveSupport } from "./support.ts";

const STAGES: Record<Stage, (s: State, ev: Events) => Stage | null> = {
  augment: toAugmentOrFuel, // 4.3.3 / 4.3.4
  after_augment: afterAugment,
  support: resolveSupport, // 4.2.3
  support_end: endSupport,
  area: resolveArea, // Area (7.6)
  fuel: toFuel, // 4.3.1
  preroll: preRoll, // 4.3.2
  start_roll: startRoll, // 4.3.5
  roll: runRoll, // 4.3.6, 4.3.7
  continue: continueAfterChoices,
  next_target: nextTarget,
  end: endAction,
};

/** Runs the action from `from` until it waits for a decision or is over. */
export function run(s: State, ev: Events, from: Stage | null): void {
  for (let stage = from; stage !== null; ) stage = STAGES[stage](s, ev);
}
